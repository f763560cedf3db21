import type { UpcomingReceipts } from '@copaiba/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ARRIVAL_READ_FRESH_MS, walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/upcoming-receipts/: the next installments across every holding. */
export function getUpcomingReceipts(): Promise<UpcomingReceipts> {
  return api.get<UpcomingReceipts>('wallet/upcoming-receipts/');
}

export const upcomingReceiptsQuery = queryOptions({
  queryKey: walletKeys.upcomingReceipts,
  queryFn: getUpcomingReceipts,
  staleTime: ARRIVAL_READ_FRESH_MS,
});

export function useUpcomingReceipts() {
  return useQuery(upcomingReceiptsQuery);
}
