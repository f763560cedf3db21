import type { IssuerCard, Page } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { issuerKeys } from '@/lib/query-keys';

/** docs/product.md §9: the carousel shows 4 issuers per page. */
export const ISSUERS_PER_PAGE = 4;

/** GET /api/token-issuer/list/?page=N → issuers with issued tokens, 4 per page. */
export function getIssuersPage(page: number): Promise<Page<IssuerCard>> {
  return api.get<Page<IssuerCard>>(`token-issuer/list/?page=${page}`, { auth: false });
}

export function useIssuersPage(page: number) {
  return useQuery({
    queryKey: issuerKeys.cards(page),
    queryFn: () => getIssuersPage(page),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
