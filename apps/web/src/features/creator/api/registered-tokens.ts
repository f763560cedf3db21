import type { Page, RegisteredToken } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const REGISTERED_TOKENS_QUERY_KEY = ['registered-tokens'] as const;

/** GET /api/token-issuer/token-list?page=N → the creator's tokens, 5 per page (docs/product.md §9). */
export function getRegisteredTokens(page: number): Promise<Page<RegisteredToken>> {
  return api.get<Page<RegisteredToken>>(`token-issuer/token-list?page=${page}`);
}

export function useRegisteredTokens(page: number) {
  return useQuery({
    queryKey: [...REGISTERED_TOKENS_QUERY_KEY, page],
    queryFn: () => getRegisteredTokens(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
