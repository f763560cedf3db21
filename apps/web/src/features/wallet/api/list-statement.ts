import type { StatementFilter, StatementRow } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPageOrEmpty } from '@/lib/page-or-empty';
import { walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/transactions/{filter}?page=N, 6 per page. */
export function listStatement(filter: StatementFilter, page: number) {
  return getPageOrEmpty<StatementRow>(`wallet/transactions/${filter}?page=${page}`);
}

export function useStatement(filter: StatementFilter, page: number) {
  return useQuery({
    queryKey: walletKeys.statement(filter, page),
    queryFn: () => listStatement(filter, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
