import type { MarkReadBody } from '@copaiba/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** POST /api/notifications/read/ {ids} or {all: true} → 200 {unread}. */
export function markRead(body: MarkReadBody): Promise<{ unread: number }> {
  return api.post<{ unread: number }>('notifications/read/', { json: body });
}

/** Marks read, then the bell and the list read their pages again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
