import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BATCH_TEXTS, type BatchClearResponse, type SuccessResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { BATCH_HISTORY_KEY } from './get-batch-history';

/** DELETE /api/batch/job/{id}: removes a job, its files and their stored bytes. */
export function deleteBatchJob(jobId: string): Promise<SuccessResponse> {
  return apiJson<SuccessResponse>(`/api/batch/job/${encodeURIComponent(jobId)}`, {
    method: 'DELETE',
    fallbackError: BATCH_TEXTS.deleteFailed,
  });
}

/** DELETE /api/batch/jobs: Clear All History. */
export function clearBatchHistory(): Promise<BatchClearResponse> {
  return apiJson<BatchClearResponse>('/api/batch/jobs', { method: 'DELETE', fallbackError: BATCH_TEXTS.deleteFailed });
}

/** Everything a deletion changes: the history, the files list and the storage used. */
function useRefreshAfterDelete() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [BATCH_HISTORY_KEY, ['files'], ['subscription'], ['profile', 'stats']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Mutation hook deleting one job. */
export function useDeleteBatchJob() {
  const refresh = useRefreshAfterDelete();
  return useMutation({ mutationFn: deleteBatchJob, onSettled: refresh });
}

/** Mutation hook clearing the whole history. */
export function useClearBatchHistory() {
  const refresh = useRefreshAfterDelete();
  return useMutation({ mutationFn: clearBatchHistory, onSettled: refresh });
}
