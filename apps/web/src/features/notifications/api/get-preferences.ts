import type { NotificationPreferences } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** GET /api/notifications/preferences/ → every kind, mailed or not. */
export function getPreferences(): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('notifications/preferences/');
}

export function usePreferences() {
  return useQuery({ queryKey: notificationKeys.preferences, queryFn: getPreferences });
}
