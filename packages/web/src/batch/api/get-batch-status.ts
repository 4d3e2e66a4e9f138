import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { BATCH_POLL_MS, type BatchJob, isFinalBatchStatus } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** Shown when a job's state cannot be read and the server gives no detail. */
export const BATCH_STATUS_FAILED = 'Failed to load the batch job';

/** GET /api/convert/batch/status/{jobId}: the job with its files, as they are now. */
export function getBatchStatus(jobId: string): Promise<BatchJob> {
  return apiJson<BatchJob>(`/api/convert/batch/status/${encodeURIComponent(jobId)}`, {
    fallbackError: BATCH_STATUS_FAILED,
  });
}

/** The cache key of one job; the start, view, cancel and analyze calls write their answers under it. */
export function batchJobKey(jobId: string) {
  return ['batch', 'job', jobId] as const;
}

/**
 * When to ask again (spec section 4): every 3 s while the job is pending or processing; never once it
 * is final or a fetch has failed.
 */
export function batchPollInterval(query: Pick<Query<BatchJob>, 'state'>): number | false {
  const { data, status } = query.state;
  if (status === 'error' || !data || isFinalBatchStatus(data.status)) return false;
  return BATCH_POLL_MS;
}

/** Query options of one job, polled while it runs. */
export function batchJobQuery(jobId: string) {
  return queryOptions({
    queryKey: batchJobKey(jobId),
    queryFn: () => getBatchStatus(jobId),
    refetchInterval: batchPollInterval,
    // Polling also runs in a background tab, so the page is current when the user comes back.
    refetchIntervalInBackground: true,
    // A failed fetch stops the polling (spec section 4); the page offers a retry.
    retry: false,
    // An answer the start, cancel or analyze call has just written counts as the first poll.
    staleTime: BATCH_POLL_MS,
  });
}

/** The displayed job, polled every 3 s until it is final; idle without a job. */
export function useBatchJob(jobId: string | null) {
  return useQuery({ ...batchJobQuery(jobId ?? ''), enabled: jobId !== null });
}
