import type { Page, RegisteredToken } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creatorKeys } from '@/lib/query-keys';

/** GET /api/token-issuer/token-list?page=N → the creator's tokens, 5 per page (docs/product.md §9). */
export function getRegisteredTokens(page: number): Promise<Page<RegisteredToken>> {
  return api.get<Page<RegisteredToken>>(`token-issuer/token-list?page=${page}`);
}

export function useRegisteredTokens(page: number) {
  return useQuery({
    queryKey: creatorKeys.registeredTokensPage(page),
    queryFn: () => getRegisteredTokens(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
