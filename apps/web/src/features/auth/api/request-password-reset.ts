import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/password/reset/ {email} → 200 {message}; 400 {email: [...]}; 404 {detail}. */
export function requestPasswordReset(body: { email: string }): Promise<{ message: string }> {
  return api.post('password/reset/', { json: body, auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
