import type { WalletHistory } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/history/: the wallet's value at the end of each of the last 12 months. */
export function getWalletHistory(): Promise<WalletHistory> {
  return api.get<WalletHistory>('wallet/history/');
}

export function useWalletHistory() {
  return useQuery({ queryKey: walletKeys.history, queryFn: getWalletHistory });
}
