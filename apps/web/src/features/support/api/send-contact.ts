import type { ContactBody } from '@copaiba/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';

export type ContactPayload = { [K in keyof ContactBody]: string };

/** POST /api/support/send-email/ as multipart (docs/product.md §7) → 200 {message}; 400 fields; 429 {detail}. */
export function sendContact(payload: ContactPayload): Promise<{ message: string }> {
  return api.post('support/send-email/', { form: toFormData({ ...payload }), auth: false });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
