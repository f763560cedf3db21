import type { NotificationsPage } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** How often the bell asks for new notifications (and whenever the window gets focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** GET /api/notifications/?page=N → 10 a page, newest first, with the unread count. */
export function getNotifications(page: number): Promise<NotificationsPage> {
  return api.get<NotificationsPage>(`notifications/?page=${page}`);
}

/** A page of notifications; `poll`: read again every minute and on focus (the bell). */
export function useNotifications(page: number, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: () => getNotifications(page),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: poll ? NOTIFICATIONS_POLL_MS : false,
    refetchOnWindowFocus: poll ? 'always' : true,
  });
}
