import type { WalletBalance } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { walletKeys } from './query-keys';

/** GET /api/wallet/balance/brlt/: read by the wallet's screens and by the purchase, which checks the price is covered. */
export function getWalletBalance(): Promise<WalletBalance> {
  return api.get<WalletBalance>('wallet/balance/brlt/');
}

export function useWalletBalance({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: walletKeys.balance,
    queryFn: getWalletBalance,
    enabled,
    staleTime: 0,
  });
}
