import type { LoginBody, LoginResponse } from '@copaiba/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/login/common/ → 200 {access, refresh, detail}; 401 wrong credentials; 403 unconfirmed. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('login/common/', { json: body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
