import { startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { spinnerDeadline } from './spinner-window';

/** docs/product.md §9: layouts show a spinner for about 500 ms before rendering. */
export const LAYOUT_SPINNER_MS = 500;

function useSettled(delayMs: number): boolean {
  const [deadline] = useState(() => spinnerDeadline(delayMs));
  const [settled, setSettled] = useState(() => performance.now() >= deadline);
  useEffect(() => {
    if (settled) return;
    // A transition: the screen renders in slices, yielding to the browser between them.
    const settle = () => startTransition(() => setSettled(true));
    const timer = window.setTimeout(settle, deadline - performance.now());
    return () => window.clearTimeout(timer);
  }, [settled, deadline]);
  return settled;
}

/** The routed screen, after the layout spinner, with a spinner while its code loads. */
export function LayoutOutlet({ delayMs = LAYOUT_SPINNER_MS }: { delayMs?: number }) {
  const settled = useSettled(delayMs);
  if (!settled) return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
