import type { QueryClient } from '@tanstack/react-query';
import { tokenDetailQuery } from '@/features/tokens/api/get-token-detail';

/**
 * Starts the first API read of the screen being opened while the layout spinner is up and the
 * screen's code loads, instead of after both. The server announces the same read in index.html
 * (`<link rel=preload as=fetch>`, apps/api/src/plugins/web.ts), so this request takes its answer.
 */
export function prefetchScreenData(queryClient: QueryClient, pathname: string): void {
  const token = /^\/detail-token-issuer\/(\d{1,15})\/?$/.exec(pathname);
  const id = Number(token?.[1]);
  if (id > 0) void queryClient.prefetchQuery(tokenDetailQuery(id));
}
