import { api } from '@/lib/api-client';

/** POST /api/sandbox/pix/pay/ (sandbox only; 404 elsewhere). */
export function simulatePixPayment(txid: string) {
  return api.post<{ message: string }>('sandbox/pix/pay/', { json: { txid } });
}
