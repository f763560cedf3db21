import { api } from '@/lib/api-client';

export interface WithdrawRequest {
  token: string;
  value: string;
  key_pix: string;
}

/** POST /api/wallet/pix/withdraw/. */
export function createWithdrawal(body: WithdrawRequest, idempotencyKey: string) {
  return api.post<{ message: string; withdrawal_id: number }>('wallet/pix/withdraw/', {
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
