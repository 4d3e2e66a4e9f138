import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** GET /api/usage: this month's API calls (calendar month, UTC) and the plan's other usage. */
export function getUsage(): Promise<UsageResponse> {
  return apiJson<UsageResponse>('/api/usage', { fallbackError: 'Failed to load usage statistics' });
}

/** Query options for the usage figures. */
export const usageQuery = queryOptions({ queryKey: ['usage'], queryFn: getUsage });

/** The signed-in user's API calls this month and other usage. */
export function useUsage() {
  return useQuery(usageQuery);
}
