import type { adminUserInfo } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

export type AdminUserInfo = z.infer<typeof adminUserInfo>;

/** GET /api/admins/creator/{id}/user/ (Dados do Usuário). */
export function getUserInfo(id: number): Promise<AdminUserInfo> {
  return api.get<AdminUserInfo>(`admins/creator/${id}/user/`);
}

export function useUserInfo(id: number) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => getUserInfo(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
