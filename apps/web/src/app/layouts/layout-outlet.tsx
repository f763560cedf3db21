import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';

/** SPEC §9: layouts show a spinner for about 500 ms before rendering. */
export const LAYOUT_SPINNER_MS = 500;

function useSettled(delayMs: number): boolean {
  const [settled, setSettled] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setSettled(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
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
