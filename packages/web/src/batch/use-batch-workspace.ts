import { BATCH_TEXTS, type BatchFile } from '@unnest/contracts';
import { useEffect, useReducer } from 'react';
import { useSettings } from '../lib/api/get-settings';
import { errorText } from '../lib/api-error';
import { useCancelBatch } from './api/cancel-batch';
import { useDownloadBatchFile, useDownloadBatchZip } from './api/download-batch';
import { BATCH_STATUS_FAILED } from './api/get-batch-status';
import { batchChoices, batchFields } from './batch-options';
import type { BatchAllowance, SelectionSource } from './batch-selection';
import { batchStep, batchWorkspaceReducer, initialBatchWorkspace, shownError } from './batch-workspace-state';
import { useBatchAnalysis } from './use-batch-analysis';
import { useBatchRun } from './use-batch-run';

/**
 * The batch page's state (its reducer) joined to its requests: choosing files, starting the batch,
 * following, cancelling, downloading and analysing the job, and the history's View Results and deletions.
 */
export function useBatchWorkspace(allowance: BatchAllowance) {
  const settings = useSettings();
  const [state, dispatch] = useReducer(batchWorkspaceReducer, undefined, () =>
    initialBatchWorkspace(batchChoices(undefined)),
  );
  const run = useBatchRun();
  const job = run.job.data ?? null;
  const fail = (fallback: string) => (error: unknown) =>
    dispatch({ type: 'action-failed', message: errorText(error, fallback) });
  const analysis = useBatchAnalysis(job, (message) => dispatch({ type: 'action-failed', message }));
  const cancel = useCancelBatch();
  const downloadZip = useDownloadBatchZip();
  const downloadFile = useDownloadBatchFile();
  const uploading = run.start.isPending;

  // Options start from the saved settings once they arrive.
  const loadedSettings = settings.data;
  useEffect(() => {
    dispatch({ type: 'choices-changed', choices: batchChoices(loadedSettings) });
  }, [loadedSettings]);

  function reset() {
    run.forget();
    dispatch({ type: 'reset' });
    analysis.reset();
  }

  return {
    state,
    dispatch,
    run,
    job,
    analysis,
    uploading,
    cancelling: cancel.isPending,
    downloadingAll: downloadZip.isPending,
    step: batchStep(job?.status ?? null, uploading, state.files.length),
    error: shownError(state, run.start.error ? errorText(run.start.error, BATCH_TEXTS.startFailed) : null),
    add: (offered: File[], source: SelectionSource) => dispatch({ type: 'files-offered', offered, source, allowance }),
    begin() {
      dispatch({ type: 'start-asked' });
      if (state.files.length === 0) return;
      run.start.mutate(
        { files: state.files, fields: batchFields(state.choices) },
        { onSuccess: () => dispatch({ type: 'started' }) },
      );
    },
    reset,
    downloadAll() {
      dispatch({ type: 'action-started' });
      if (!job || job.successful_files === 0) {
        dispatch({ type: 'action-failed', message: BATCH_TEXTS.noCompleted });
        return;
      }
      downloadZip.mutate(job, { onError: fail(BATCH_TEXTS.downloadFailed) });
    },
    downloadOne(file: BatchFile) {
      dispatch({ type: 'action-started' });
      downloadFile.mutate(file, { onError: fail(BATCH_TEXTS.downloadFailed) });
    },
    cancelJob() {
      if (job) cancel.mutate(job.job_id, { onError: fail('Failed to cancel the batch job') });
    },
    /** View Results of the history: shows that job instead of the files chosen. */
    view(jobId: string) {
      dispatch({ type: 'job-viewed' });
      void run
        .view(jobId)
        .catch(fail(BATCH_STATUS_FAILED))
        .finally(() => dispatch({ type: 'dialog-closed' }));
    },
    /** After deletions in the history (`null`: all of them): a deleted job is no longer shown. */
    forgetIfShown(deleted: string | null) {
      if (deleted === null || deleted === run.jobId) reset();
    },
  };
}
