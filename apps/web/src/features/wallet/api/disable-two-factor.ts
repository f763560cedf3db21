import { api } from '@/lib/api-client';

/** DELETE /api/twoauth/ {code}: turns two-factor off (403 for admins and creators). */
export function disableTwoFactor(code: string) {
  return api.delete<{ message: string }>('twoauth/', { json: { code } });
}
