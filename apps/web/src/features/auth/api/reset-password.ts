import type { PasswordResetBody } from '@copaiba/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /api/password/reset/ {password, email, token} → 200 {message}. */
export function resetPassword(body: PasswordResetBody): Promise<{ message: string }> {
  return api.put('password/reset/', { json: body, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
