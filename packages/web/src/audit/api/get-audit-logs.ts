import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLog, AuditLogsResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

const FALLBACK = 'Failed to load audit logs';

/** GET /api/audit/logs: one page of the history, newest first. */
export function getAuditLogs(page: number, pageSize: number): Promise<AuditLogsResponse> {
  return apiJson<AuditLogsResponse>(`/api/audit/logs?page=${page}&page_size=${pageSize}`, { fallbackError: FALLBACK });
}

/** Query options for one page of the history. */
export function auditLogsQuery(page: number, pageSize: number) {
  return queryOptions({ queryKey: ['audit', 'logs', page, pageSize], queryFn: () => getAuditLogs(page, pageSize) });
}

/** One page of the history; the previous page stays shown while the next loads. */
export function useAuditLogs(page: number, pageSize: number) {
  return useQuery({ ...auditLogsQuery(page, pageSize), placeholderData: keepPreviousData });
}

const CHART_PAGE_SIZE = 100;
// Enough pages for a busy month; the chart says when it had to stop early.
const CHART_MAX_PAGES = 10;

/** Every entry since `since` (newest first), reading pages until an older entry appears. */
export async function getAuditLogsSince(since: Date): Promise<{ logs: AuditLog[]; complete: boolean }> {
  const logs: AuditLog[] = [];
  for (let page = 1; page <= CHART_MAX_PAGES; page += 1) {
    const answer = await getAuditLogs(page, CHART_PAGE_SIZE);
    logs.push(...answer.logs);
    const oldest = answer.logs.at(-1);
    if (!oldest || new Date(oldest.timestamp) < since || logs.length >= answer.total) return { logs, complete: true };
  }
  return { logs, complete: false };
}

/** The history of the last `days` days, for the activity chart. */
export function useRecentAuditLogs(days: number) {
  return useQuery({
    queryKey: ['audit', 'recent', days],
    queryFn: () => {
      const since = new Date();
      since.setHours(0, 0, 0, 0);
      since.setDate(since.getDate() - (days - 1));
      return getAuditLogsSince(since);
    },
  });
}
