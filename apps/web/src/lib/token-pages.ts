import type { Page, TokenCard } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { isApiError } from './api-error';

/**
 * Pages of token cards, shared by the landing page, the token lists and the issuer page.
 * Page sizes of docs/product.md §9 (the server's PAGE_SIZES; repeated here so the landing bundle stays free of
 * the contracts' zod schemas).
 */
export const TOKENS_PER_PAGE = 3;
export const ISSUER_TOKENS_PER_PAGE = 2;

export const EMPTY_PAGE: Page<never> = { count: 0, next: null, previous: null, results: [] };

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

/**
 * GET a page of tokens. A 404 (a page past the last one, or a list with nothing to show, docs/product.md §8)
 * is an empty page: the grid then shows its empty text.
 */
export async function fetchTokenPage({ path, auth = false }: TokenPageOptions) {
  try {
    return await api.get<Page<TokenCard>>(path, { auth });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return EMPTY_PAGE as Page<TokenCard>;
    throw error;
  }
}

export function useTokenPage(options: TokenPageOptions & { enabled?: boolean }) {
  return useQuery({
    queryKey: ['tokens', options.auth ? 'private' : 'public', options.path],
    queryFn: () => fetchTokenPage(options),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    staleTime: 30_000,
  });
}
