import type { DepositResponse } from '@copaiba/contracts';
import { api } from '@/lib/api-client';

/** POST /api/wallet/pix/deposit/ with the submit's Idempotency-Key. */
export function createDeposit(value: string, idempotencyKey: string) {
  return api.post<DepositResponse>('wallet/pix/deposit/', {
    json: { value },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
