import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Moves the app's stylesheets from the head to the end of the body: the browser paints what comes
 * before them (index.html's top bar and spinner, styled inline) without waiting for them, and still
 * runs no script before they have loaded, so the app never renders unstyled.
 */
export function shellFirst(): Plugin {
  return {
    name: 'copaiba-shell-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(STYLESHEET) ?? [];
        if (links.length === 0) return html;
        const body = html.replace(STYLESHEET, '');
        return body.replace(
          '</body>',
          `${links.map((l) => `    ${l.trim()}\n`).join('')}  </body>`,
        );
      },
    },
  };
}
