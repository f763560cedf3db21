import type { StatementFilter, StatementRow } from '@copaiba/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPageOrEmpty } from '@/lib/page-or-empty';
import { ARRIVAL_READ_FRESH_MS, walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/transactions/{filter}?page=N, 6 per page. */
export function listStatement(filter: StatementFilter, page: number) {
  return getPageOrEmpty<StatementRow>(`wallet/transactions/${filter}?page=${page}`);
}

export const statementQuery = (filter: StatementFilter, page: number) =>
  queryOptions({
    queryKey: walletKeys.statement(filter, page),
    queryFn: () => listStatement(filter, page),
    staleTime: ARRIVAL_READ_FRESH_MS,
  });

export function useStatement(filter: StatementFilter, page: number) {
  return useQuery({ ...statementQuery(filter, page), placeholderData: keepPreviousData });
}
