import type { WalletBalance } from '@copaiba/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { ARRIVAL_READ_FRESH_MS, walletKeys } from './query-keys';

/** GET /api/wallet/balance/brlt/: read by the wallet's screens and by the purchase, which checks the price is covered. */
export function getWalletBalance(): Promise<WalletBalance> {
  return api.get<WalletBalance>('wallet/balance/brlt/');
}

export const walletBalanceQuery = queryOptions({
  queryKey: walletKeys.balance,
  queryFn: getWalletBalance,
  staleTime: ARRIVAL_READ_FRESH_MS,
});

export function useWalletBalance({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...walletBalanceQuery, enabled });
}
