import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
  cpf_cnpj: string;
  /** YYYY-MM-DD */
  birth_date: string;
  captcha: string;
  /** The terms box, which the server requires and records (docs/product.md §15). */
  terms_accepted: true;
}

/** POST /api/account/register/ as multipart form data → 201 {message}. */
export function register(payload: RegisterPayload): Promise<{ message: string }> {
  return api.post('account/register/', { form: toFormData({ ...payload }), auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
