import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSettings, UserSettingsUpdate } from '@unnest/contracts';
import { apiJson } from '../api-client';
import { settingsQuery } from './get-settings';

/** PUT /api/profile/settings: saves the settings and answers the whole saved object. */
export function updateSettings(update: UserSettingsUpdate): Promise<UserSettings> {
  return apiJson<UserSettings>('/api/profile/settings', {
    method: 'PUT',
    json: update,
    fallbackError: 'Failed to save settings. Please try again.',
  });
}

/** Mutation hook for saving settings; the cache then holds what the server saved. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsQuery.queryKey, saved),
  });
}
