import type { DepositResponse } from '@copaiba/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /api/wallet/pix/deposit/ with the submit's Idempotency-Key; the deposit rules the person
 * ticked go with it, and the server records them (docs/product.md §15).
 */
export function createDeposit(value: string, idempotencyKey: string) {
  return api.post<DepositResponse>('wallet/pix/deposit/', {
    json: { value, agreements_accepted: true },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
