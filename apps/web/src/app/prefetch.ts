import type { QueryClient } from '@tanstack/react-query';
import { tokenDetailQuery } from '@/features/tokens/api/get-token-detail';
import { isLoggedIn } from '@/lib/session';

/**
 * Starts the first API reads of the screen being opened while the layout spinner is up and the
 * screen's code loads, instead of after both. For a public screen the server announces the same
 * read in index.html (`<link rel=preload as=fetch>`, apps/api/src/plugins/web.ts), so this request
 * takes its answer; a signed-in screen's reads carry the session, which only the page holds
 * (docs/PERFORMANCE.md, "Signed-in screens' first reads").
 */
export function prefetchScreenData(queryClient: QueryClient, pathname: string): void {
  const token = /^\/detail-token-issuer\/(\d{1,15})\/?$/.exec(pathname);
  const id = Number(token?.[1]);
  if (id > 0) void queryClient.prefetchQuery(tokenDetailQuery(id));
  const path = pathname.replace(/\/$/, '');
  // A chunk that fails to load costs nothing: the screen asks for its reads itself.
  if ((path === '/wallet' || path === '/extract') && isLoggedIn())
    import('./signed-in-reads').then(
      (m) => m.prefetchSignedInReads(queryClient, path),
      () => undefined,
    );
}
