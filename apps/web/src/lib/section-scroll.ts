import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls a section into view. Sections carry `scroll-margin-top` (see section-nav) and the page
 * `scroll-padding-top`, so they land below the sticky bars.
 */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element || element.hidden) return false;
  element.scrollIntoView({ block: 'start' });
  return true;
}

/** Once the page's content is `ready`, scrolls to the section named by the URL hash. */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const id = decodeURIComponent(hash.slice(1));
    // After the browser has laid the content out.
    const frame = window.requestAnimationFrame(() => scrollToSection(id));
    return () => window.cancelAnimationFrame(frame);
  }, [hash, ready]);
}
