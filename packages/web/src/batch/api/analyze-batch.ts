import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BATCH_TEXTS, type BatchAnalyzeResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { BATCH_HISTORY_KEY } from './get-batch-history';
import { batchJobKey } from './get-batch-status';

/** What to analyse: every converted file of the job, or only the files named. */
export interface AnalyzeRequest {
  jobId: string;
  fileIds?: string[];
}

/**
 * POST /api/batch/job/{id}/analyze: the round-trip quality analysis of the job's converted files,
 * computed and stored by the server; answers each file's analysis and the job after.
 */
export function analyzeBatch({ jobId, fileIds }: AnalyzeRequest): Promise<BatchAnalyzeResponse> {
  return apiJson<BatchAnalyzeResponse>(`/api/batch/job/${encodeURIComponent(jobId)}/analyze`, {
    method: 'POST',
    json: fileIds ? { file_ids: fileIds } : {},
    fallbackError: BATCH_TEXTS.comparisonFailed,
  });
}

/** Mutation hook for an analysis; the job in the cache takes the stored scores. */
export function useAnalyzeBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeBatch,
    onSuccess: (answer) => {
      queryClient.setQueryData(batchJobKey(answer.job.job_id), answer.job);
      void queryClient.invalidateQueries({ queryKey: BATCH_HISTORY_KEY });
    },
  });
}
