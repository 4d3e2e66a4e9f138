import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

export const DASHBOARD_FALLBACK = 'Failed to load the admin dashboard';

/** GET /api/admin/dashboard */
export function getAdminDashboard(): Promise<AdminDashboard> {
  return apiJson<AdminDashboard>('/api/admin/dashboard', { fallbackError: DASHBOARD_FALLBACK });
}

export function adminDashboardQuery() {
  return queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: getAdminDashboard });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQuery());
}
