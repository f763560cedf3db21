import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** POST /api/admins/issue-token/{tokenId} (empty body) → 201 {message}; 404 {detail}; 409 {message}. */
export function issueToken(tokenId: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(`admins/issue-token/${tokenId}`);
}

/** Whatever the answer, the creator's token list and the audit log are read again. */
export function useIssueToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
