import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { ScrollRestoration } from '../scroll-restoration';
import { SessionBridge } from '../session-bridge';
import { CookieBanner } from './cookie-banner';
import { TopBar } from './top-bar';
import classes from './root-layout.module.css';

// Below every screen's content, so out of the entry (docs/PERFORMANCE.md, "Initial JavaScript of /").
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

export function RootLayout() {
  return (
    <>
      <a href="#conteudo" className={classes.skipLink}>
        Pular para o conteúdo
      </a>
      <SessionBridge />
      <TopBar />
      <main id="conteudo" className={classes.main} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
