import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '@unnest/contracts';
import { apiJson } from '../api-client';

/** GET /api/profile/settings: notification, storage, appearance and conversion defaults. */
export function getSettings(): Promise<UserSettings> {
  return apiJson<UserSettings>('/api/profile/settings', { fallbackError: 'Failed to load settings' });
}

/** Query options for the user's settings. */
export const settingsQuery = queryOptions({ queryKey: ['profile', 'settings'], queryFn: getSettings });

/** The signed-in user's settings. */
export function useSettings() {
  return useQuery(settingsQuery);
}
