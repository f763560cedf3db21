import type { BuyResponse, WalletBalance } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The wallet's balance query key (shared with the wallet screens by value, not by import). */
export const WALLET_BALANCE_QUERY_KEY = ['wallet', 'balance'] as const;

/** GET /api/wallet/balance/brlt/, to check the price is covered before confirming. */
export function useWalletBalance(enabled: boolean) {
  return useQuery({
    queryKey: WALLET_BALANCE_QUERY_KEY,
    queryFn: () => api.get<WalletBalance>('wallet/balance/brlt/'),
    enabled,
    staleTime: 0,
  });
}

/** POST /api/wallet/buy-token/{id} {quantity} with the submit's Idempotency-Key. */
export function buyToken(tokenId: number, quantity: number, idempotencyKey: string) {
  return api.post<BuyResponse>(`wallet/buy-token/${tokenId}`, {
    json: { quantity },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
