import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminLogsResponse, AuditAction, AuditStatus } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

export const LOGS_FALLBACK = 'Failed to load audit logs';

/** The filters of the audit of every account ('' is no filter). */
export interface LogFilters {
  user: string;
  action: AuditAction | '';
  status: AuditStatus | '';
}

/** GET /api/admin/logs: one filtered page, newest first. */
export function getAdminLogs(filters: LogFilters, page: number, pageSize: number): Promise<AdminLogsResponse> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (filters.user.trim()) query.set('user', filters.user.trim());
  if (filters.action) query.set('action', filters.action);
  if (filters.status) query.set('status', filters.status);
  return apiJson<AdminLogsResponse>(`/api/admin/logs?${query}`, { fallbackError: LOGS_FALLBACK });
}

export function useAdminLogs(filters: LogFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'logs', filters, page, pageSize],
    queryFn: () => getAdminLogs(filters, page, pageSize),
    placeholderData: keepPreviousData,
  });
}
