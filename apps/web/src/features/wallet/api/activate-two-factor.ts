import { api } from '@/lib/api-client';

/** POST /api/twoauth/ {token}. */
export function activateTwoFactor(token: string) {
  return api.post<{ message: string }>('twoauth/', { json: { token } });
}
