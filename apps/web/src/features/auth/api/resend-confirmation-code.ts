import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/email/resend/ {email} → 200 {message}. */
export function resendConfirmationCode(body: { email: string }): Promise<{ message: string }> {
  return api.post('email/resend/', { json: body, auth: false });
}

export function useResendConfirmationCode() {
  return useMutation({ mutationFn: resendConfirmationCode });
}
