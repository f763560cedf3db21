import { useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenVisibleProps {
  children: ReactNode;
  /** Shown until the block comes near the viewport; keep its height close to the content's. */
  placeholder: ReactNode;
  /** How far ahead of the viewport to start (default 600px). */
  rootMargin?: string;
}

/**
 * Renders its children once the block comes near the viewport, so code and data for what is
 * below the fold load only when the visitor scrolls towards it (or follows a link to it).
 */
export function WhenVisible({ children, placeholder, rootMargin = '600px 0px' }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, rootMargin]);

  return <div ref={ref}>{shown ? children : placeholder}</div>;
}
