import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** How many the bell lists (the newest). */
export const BELL_PAGE_SIZE = 20;
// New notifications come from background jobs: the bell looks again every half minute.
const REFRESH_MS = 30_000;

/** GET /api/notifications: the newest page, with the unread count. */
export function getNotifications(pageSize: number): Promise<NotificationsResponse> {
  return apiJson<NotificationsResponse>(`/api/notifications?page=1&page_size=${pageSize}`, {
    fallbackError: 'Failed to load notifications',
  });
}

/** Query options for the bell's list. */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications', 'list', BELL_PAGE_SIZE],
  queryFn: () => getNotifications(BELL_PAGE_SIZE),
});

/** The bell's list, refreshed while the page is open. */
export function useNotifications() {
  return useQuery({ ...notificationsQuery, refetchInterval: REFRESH_MS });
}
