import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** GET /api/profile: the account's details. */
export function getProfile(): Promise<Profile> {
  return apiJson<Profile>('/api/profile', { fallbackError: 'Failed to load account information' });
}

/** Query options for the account's details. */
export const profileQuery = queryOptions({ queryKey: ['profile', 'account'], queryFn: getProfile });

/** The account's details. */
export function useProfile() {
  return useQuery(profileQuery);
}
