import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

export const STATS_FALLBACK = 'Failed to load the statistics';

/** GET /api/admin/stats */
export function getAdminStats(): Promise<AdminStats> {
  return apiJson<AdminStats>('/api/admin/stats', { fallbackError: STATS_FALLBACK });
}

export function useAdminStats() {
  return useQuery({ queryKey: ['admin', 'stats'], queryFn: getAdminStats });
}
