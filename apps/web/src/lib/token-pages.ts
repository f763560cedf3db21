import type { TokenCard } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPageOrEmpty } from './page-or-empty';
import { tokenKeys } from './query-keys';

/**
 * Pages of token cards, shared by the landing page, the token lists and the issuer page.
 * Page sizes of docs/product.md §9 (the server's PAGE_SIZES; repeated here so the landing bundle stays free of
 * the contracts' zod schemas).
 */
export const TOKENS_PER_PAGE = 3;
export const ISSUER_TOKENS_PER_PAGE = 2;

/** The number of pages a count fills, at least 1. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

interface TokenPageOptions {
  /** Path under /api/, with its query string. */
  path: string;
  /** Send the bearer token (the private list). */
  auth?: boolean;
}

/** GET a page of tokens; a 404 is an empty page, and the grid shows its empty text. */
export function fetchTokenPage({ path, auth = false }: TokenPageOptions) {
  return getPageOrEmpty<TokenCard>(path, { auth });
}

export function useTokenPage(options: TokenPageOptions & { enabled?: boolean }) {
  return useQuery({
    queryKey: tokenKeys.cards(options.auth ? 'private' : 'public', options.path),
    queryFn: () => fetchTokenPage(options),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    staleTime: 30_000,
  });
}
