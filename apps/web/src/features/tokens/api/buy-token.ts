import type { BuyResponse } from '@copaiba/contracts';
import { api } from '@/lib/api-client';

/** POST /api/wallet/buy-token/{id} {quantity} with the submit's Idempotency-Key. */
export function buyToken(tokenId: number, quantity: number, idempotencyKey: string) {
  return api.post<BuyResponse>(`wallet/buy-token/${tokenId}`, {
    json: { quantity },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
