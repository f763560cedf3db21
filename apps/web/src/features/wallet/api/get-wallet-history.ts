import type { WalletHistory } from '@copaiba/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ARRIVAL_READ_FRESH_MS, walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/history/: the wallet's value at the end of each of the last 12 months. */
export function getWalletHistory(): Promise<WalletHistory> {
  return api.get<WalletHistory>('wallet/history/');
}

export const walletHistoryQuery = queryOptions({
  queryKey: walletKeys.history,
  queryFn: getWalletHistory,
  staleTime: ARRIVAL_READ_FRESH_MS,
});

export function useWalletHistory() {
  return useQuery(walletHistoryQuery);
}
