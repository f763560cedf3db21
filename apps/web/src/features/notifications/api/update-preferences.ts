import type { NotificationPreferences, UpdatePreferencesBody } from '@copaiba/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** PUT /api/notifications/preferences/ {kind: {email}} → 200 every kind's choice. */
export function updatePreferences(body: UpdatePreferencesBody): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>('notifications/preferences/', { json: body });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
