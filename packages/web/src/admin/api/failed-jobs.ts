import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminJobsResponse, FailedJob, SuccessResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

export const JOBS_FALLBACK = 'Failed to load the failed jobs';

/** GET /api/admin/jobs: jobs that failed for good, newest failure first. */
export function getFailedJobs(page: number, pageSize: number): Promise<AdminJobsResponse> {
  return apiJson<AdminJobsResponse>(`/api/admin/jobs?page=${page}&page_size=${pageSize}`, {
    fallbackError: JOBS_FALLBACK,
  });
}

export function useFailedJobs(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'jobs', page, pageSize],
    queryFn: () => getFailedJobs(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/jobs/{queue}/{id}/retry */
export function retryJob(job: FailedJob): Promise<SuccessResponse> {
  return apiJson<SuccessResponse>(
    `/api/admin/jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`,
    { method: 'POST', fallbackError: 'Failed to retry the job' },
  );
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
