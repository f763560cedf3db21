import { Outlet, ScrollRestoration } from 'react-router';
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
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
