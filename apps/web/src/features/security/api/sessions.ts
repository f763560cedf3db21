import type { SessionItem } from '@copaiba/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from '@/lib/query-keys';

/** GET /api/account/sessions/: the person's open sessions, the most recently used first. */
export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions,
    queryFn: () => api.get<SessionItem[]>('account/sessions/'),
  });
}

/**
 * DELETE /api/account/sessions/{id}/ (one) or /api/account/sessions/ (all but this one) → 204;
 * then the list and the activity are read again.
 */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'others') =>
      api.delete<null>(id === 'others' ? 'account/sessions/' : `account/sessions/${id}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
