import type { LoginAnswer, LoginBody, LoginResponse } from '@copaiba/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/login/common/ → 200 {access, refresh, detail}, or with two-factor on
 * {two_factor_required, challenge, detail} (docs/product.md §19); 401 wrong credentials; 403
 * unconfirmed.
 */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('login/common/', { json: body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** POST /api/login/two-factor/ {challenge, code | recovery_code} → 200 {access, refresh, detail}. */
export function loginTwoFactor(
  body: { challenge: string } & ({ code: string } | { recovery_code: string }),
): Promise<LoginResponse> {
  return api.post<LoginResponse>('login/two-factor/', { json: body, auth: false });
}
