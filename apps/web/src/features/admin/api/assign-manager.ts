import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

export interface ManagerAssignment {
  tokenId: number;
  userId: number;
}

/** PUT /api/admins/token/{tokenId}/manager/ {user_id} → 200 {message}; 409 when not issued. */
export function assignManager({ tokenId, userId }: ManagerAssignment) {
  return api.put<{ message: string }>(`admins/token/${tokenId}/manager/`, {
    json: { user_id: userId },
  });
}

export function useAssignManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignManager,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
