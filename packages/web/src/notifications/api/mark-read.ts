import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsReadResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/notifications/{id}/read */
export function markNotificationRead(id: string): Promise<NotificationsReadResponse> {
  return apiJson<NotificationsReadResponse>(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    fallbackError: 'Failed to mark the notification read',
  });
}

/** POST /api/notifications/read-all */
export function markAllNotificationsRead(): Promise<NotificationsReadResponse> {
  return apiJson<NotificationsReadResponse>('/api/notifications/read-all', {
    method: 'POST',
    fallbackError: 'Failed to mark notifications read',
  });
}

/** Marks one read, or all (no id); the list is then loaded again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => (id === null ? markAllNotificationsRead() : markNotificationRead(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
