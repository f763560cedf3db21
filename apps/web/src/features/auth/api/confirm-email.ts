import type { ConfirmEmailBody } from '@copaiba/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /api/email/confirm/ {email, token} → 200 {message}; 400/404 carry the reason. */
export function confirmEmail(body: ConfirmEmailBody): Promise<{ message: string }> {
  return api.put('email/confirm/', { json: body, auth: false });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
