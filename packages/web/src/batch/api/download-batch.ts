import { useMutation } from '@tanstack/react-query';
import { BATCH_TEXTS, type BatchFile, type BatchJob } from '@unnest/contracts';
import { downloadStored } from '../../lib/save-file';

/** The name the spec gives a file's download: the last segment of its URL, else its id. */
export function downloadName(file: Pick<BatchFile, 'download_url' | 'file_id'>): string {
  const last = file.download_url?.split('?')[0]?.split('/').filter(Boolean).pop();
  if (!last) return file.file_id;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function download(url: string, fallbackName: string): Promise<void> {
  return downloadStored(url, fallbackName, BATCH_TEXTS.downloadFailed);
}

/** GET /api/batch/download/{id}: the ZIP of every converted file of the job (Download All Results). */
export function downloadBatchZip(job: Pick<BatchJob, 'job_id' | 'download_url'>): Promise<void> {
  return download(job.download_url, `batch-${job.job_id}.zip`);
}

/** One converted file of a job, from its `download_url`. */
export function downloadBatchFile(file: Pick<BatchFile, 'download_url' | 'file_id'>): Promise<void> {
  if (!file.download_url) return Promise.reject(new Error(BATCH_TEXTS.downloadFailed));
  return download(file.download_url, downloadName(file));
}

/** Mutation hooks for the two downloads. */
export function useDownloadBatchZip() {
  return useMutation({ mutationFn: downloadBatchZip });
}
export function useDownloadBatchFile() {
  return useMutation({ mutationFn: downloadBatchFile });
}
