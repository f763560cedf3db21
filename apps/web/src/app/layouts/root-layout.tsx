import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { SessionBridge } from '../session-bridge';
import { CookieBanner } from './cookie-banner';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import classes from './root-layout.module.css';

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
      <Footer />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
