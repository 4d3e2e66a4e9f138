import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BatchJob, isFinalBatchStatus } from '@unnest/contracts';
import { useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '../lib/upload-request';
import { BATCH_HISTORY_KEY } from './api/get-batch-history';
import { getBatchJob } from './api/get-batch-job';
import { batchJobKey, useBatchJob } from './api/get-batch-status';
import { startBatch } from './api/start-batch';

/** Session-storage key of the displayed job, so a reload keeps showing (and polling) it. */
export const CURRENT_JOB_KEY = 'batchCurrentJob';

function storedJobId(): string | null {
  try {
    return sessionStorage.getItem(CURRENT_JOB_KEY);
  } catch {
    return null;
  }
}

function storeJobId(jobId: string | null): void {
  try {
    if (jobId) sessionStorage.setItem(CURRENT_JOB_KEY, jobId);
    else sessionStorage.removeItem(CURRENT_JOB_KEY);
  } catch {
    // Storage refused (private mode): the job is still shown until the page is left.
  }
}

/** What starting a batch sends: the files and the option fields. */
export interface BatchStart {
  files: readonly File[];
  fields: Record<string, string>;
}

/**
 * The displayed batch job: starting one (upload with progress, cancellable), following it (polled by
 * the job query until final), showing one from the history, and forgetting it.
 */
export function useBatchRun() {
  const queryClient = useQueryClient();
  const [jobId, setJobIdState] = useState<string | null>(storedJobId);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const setJobId = (next: string | null) => {
    setJobIdState(next);
    storeJobId(next);
  };

  const start = useMutation({
    mutationFn: ({ files, fields }: BatchStart) => {
      abort.current = new AbortController();
      return startBatch(files, fields, setUpload, abort.current.signal);
    },
    onSuccess: (job) => {
      queryClient.setQueryData(batchJobKey(job.job_id), job);
      setJobId(job.job_id);
      void queryClient.invalidateQueries({ queryKey: BATCH_HISTORY_KEY });
    },
    onSettled: () => {
      setUpload(null);
      abort.current = null;
    },
  });

  const job = useBatchJob(jobId);
  const finalStatus = job.data && isFinalBatchStatus(job.data.status) ? job.data.status : null;
  // A job that has just finished changed the history, the files list and the storage used.
  useEffect(() => {
    if (!finalStatus) return;
    for (const queryKey of [BATCH_HISTORY_KEY, ['files'], ['subscription'], ['profile', 'stats']]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [finalStatus, queryClient]);

  /** View Results: loads a job of the history and its files as the displayed results. */
  async function view(id: string): Promise<void> {
    const loaded: BatchJob = await getBatchJob(id);
    queryClient.setQueryData(batchJobKey(id), loaded);
    setJobId(id);
  }

  /** Stops showing the job (Reset, or the job was deleted). */
  function forget(): void {
    abort.current?.abort();
    if (jobId) queryClient.removeQueries({ queryKey: batchJobKey(jobId) });
    setJobId(null);
    start.reset();
  }

  return {
    jobId,
    job,
    start,
    upload,
    cancelUpload: () => abort.current?.abort(),
    view,
    forget,
  };
}
