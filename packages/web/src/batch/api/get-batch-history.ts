import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchHistoryResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** Jobs per page of the history dialog. */
export const HISTORY_PAGE_SIZE = 10;

/** GET /api/batch/jobs: the user's batch jobs, newest first, one page at a time. */
export function getBatchHistory(page: number): Promise<BatchHistoryResponse> {
  return apiJson<BatchHistoryResponse>(`/api/batch/jobs?page=${page}&page_size=${HISTORY_PAGE_SIZE}`, {
    fallbackError: 'Failed to load batch history',
  });
}

/** The key every history page shares, so one invalidation refreshes them all. */
export const BATCH_HISTORY_KEY = ['batch', 'history'] as const;

/** Query options of one history page. */
export function batchHistoryQuery(page: number) {
  return queryOptions({
    queryKey: [...BATCH_HISTORY_KEY, page],
    queryFn: () => getBatchHistory(page),
    placeholderData: keepPreviousData,
  });
}

/** One page of the batch history (1-based). */
export function useBatchHistory(page: number) {
  return useQuery(batchHistoryQuery(page));
}
