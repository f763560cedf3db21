import type { CreatorRow } from '@copaiba/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

export interface RoleChange {
  is_token_creator?: boolean;
  is_project_manager?: boolean;
}

/** PATCH /api/admins/creator/{id}/ → 200 the updated row (grant or revoke; audited). */
export function grantRoles(id: number, change: RoleChange): Promise<CreatorRow> {
  return api.patch<CreatorRow>(`admins/creator/${id}/`, { json: change });
}

export function useGrantRoles(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => grantRoles(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
