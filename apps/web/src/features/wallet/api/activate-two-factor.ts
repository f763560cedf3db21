import type { TwoFactorActivation } from '@copaiba/contracts';
import { api } from '@/lib/api-client';

/** POST /api/twoauth/ {token} → the recovery codes, shown this once (docs/product.md §19). */
export function activateTwoFactor(token: string) {
  return api.post<TwoFactorActivation>('twoauth/', { json: { token } });
}
