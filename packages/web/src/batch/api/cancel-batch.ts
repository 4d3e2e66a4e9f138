import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchJob } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { BATCH_HISTORY_KEY } from './get-batch-history';
import { batchJobKey } from './get-batch-status';

/** POST /api/batch/job/{id}/cancel: files not yet converted are not converted; answers the job after. */
export function cancelBatch(jobId: string): Promise<BatchJob> {
  return apiJson<BatchJob>(`/api/batch/job/${encodeURIComponent(jobId)}/cancel`, {
    method: 'POST',
    fallbackError: 'Failed to cancel the batch job',
  });
}

/** Mutation hook for Cancel; the cached job takes the answer, which stops the polling. */
export function useCancelBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBatch,
    onSuccess: (job) => {
      queryClient.setQueryData(batchJobKey(job.job_id), job);
      void queryClient.invalidateQueries({ queryKey: BATCH_HISTORY_KEY });
    },
  });
}
