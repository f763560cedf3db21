import type { OwnedToken } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPageOrEmpty } from '@/lib/page-or-empty';
import { walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/my-tokens/{filter}?page=N, 6 per page; `filter` is the search or 'todos'. */
export function listMyTokens(filter: string, page: number) {
  return getPageOrEmpty<OwnedToken>(`wallet/my-tokens/${encodeURIComponent(filter)}?page=${page}`);
}

export function useMyTokens(search: string, page: number) {
  const filter = search.trim() || 'todos';
  return useQuery({
    queryKey: walletKeys.myTokens(filter, page),
    queryFn: () => listMyTokens(filter, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
