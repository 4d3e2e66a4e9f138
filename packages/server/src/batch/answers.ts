import type {
  AppliedPlan,
  BatchError,
  BatchFile,
  BatchJob,
  BatchJobSummary,
  BatchStatus,
  ConversionDuplicateKeys,
  ConversionLeftOut,
  ConversionLoneSurrogates,
  FileQualityAnalysis,
} from '@unnest/contracts';
import type { BatchFileRow, BatchJobRow } from './repository.js';

const oneDecimal = (value: number) => Math.floor(value * 10) / 10;

/** The public state of a stored one (`uploading` is never answered, but reads as pending). */
function publicStatus(status: string): BatchStatus {
  return status === 'uploading' ? 'pending' : (status as BatchStatus);
}

/** Where one converted file downloads; its last segment is the file name (spec 2.11). */
export function fileDownloadUrl(row: Pick<BatchFileRow, 'jobId' | 'id' | 'resultName'>): string {
  return `/api/batch/job/${row.jobId}/file/${row.id}/${encodeURIComponent(row.resultName)}`;
}

function fileProgress(row: BatchFileRow): number {
  if (row.status === 'completed') return 100;
  if (row.fileSize === 0) return 0;
  return oneDecimal((Math.min(row.bytesRead, row.fileSize) / row.fileSize) * 100);
}

/** One file as the API answers it. */
export function describeFile(row: BatchFileRow): BatchFile {
  return {
    file_id: row.id,
    file_name: row.fileName,
    file_size: row.fileSize,
    status: publicStatus(row.status),
    progress: fileProgress(row),
    quality_score: row.qualityScore,
    error: row.error,
    download_url: row.status === 'completed' ? fileDownloadUrl(row) : null,
    bytes_read: row.status === 'completed' ? row.fileSize : Math.min(row.bytesRead, row.fileSize),
    result_file_name: row.resultName,
    result_size: row.status === 'completed' ? row.resultSize : null,
    output_format: row.outputFormat as BatchFile['output_format'],
    records: row.records,
    processing_time:
      row.startedAt && row.completedAt ? (row.completedAt.getTime() - row.startedAt.getTime()) / 1000 : null,
    worker: row.worker,
    quality: (row.quality as FileQualityAnalysis | null) ?? null,
    records_path: row.recordsPath,
    left_out: (row.leftOut as ConversionLeftOut | null) ?? null,
    duplicate_keys: (row.duplicateKeys as ConversionDuplicateKeys | null) ?? null,
    lone_surrogates: (row.loneSurrogates as ConversionLoneSurrogates | null) ?? null,
    ...(row.appliedPlan === null ? {} : { applied_plan: row.appliedPlan as AppliedPlan }),
  };
}

/**
 * A job's state as its files show it: a worker marks the file it takes before its job, so a job read
 * between the two (or before its files) still says pending while a file is already processing.
 */
function jobStatus(job: BatchJobRow, files: readonly BatchFileRow[]): BatchStatus {
  const status = publicStatus(job.status);
  return status === 'pending' && files.some((row) => row.status !== 'pending') ? 'processing' : status;
}

/** A job's fields without its files, computed from them. */
export function describeJobSummary(job: BatchJobRow, files: readonly BatchFileRow[]): BatchJobSummary {
  const final = (row: BatchFileRow) =>
    row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled';
  const totalBytes = files.reduce((sum, row) => sum + row.fileSize, 0);
  const readBytes = files.reduce(
    (sum, row) => sum + (final(row) ? row.fileSize : Math.min(row.bytesRead, row.fileSize)),
    0,
  );
  const processed = files.filter(final).length;
  const errors: BatchError[] = files
    .filter((row) => row.status === 'failed' && row.error !== null)
    .map((row) => ({ file_id: row.id, file_name: row.fileName, error: row.error as string }));
  return {
    job_id: job.id,
    status: jobStatus(job, files),
    kind: job.kind as BatchJobSummary['kind'],
    created_at: job.createdAt.toISOString(),
    total_files: files.length,
    successful_files: files.filter((row) => row.status === 'completed').length,
    failed_files: files.filter((row) => row.status === 'failed').length,
    processed_files: processed,
    errors,
    progress_percentage:
      totalBytes === 0
        ? files.length > 0 && processed === files.length
          ? 100
          : 0
        : oneDecimal((readBytes / totalBytes) * 100),
    total_processing_time: job.completedAt ? (job.completedAt.getTime() - job.createdAt.getTime()) / 1000 : null,
    cancelled_files: files.filter((row) => row.status === 'cancelled').length,
    completed_at: job.completedAt?.toISOString() ?? null,
    expires_at:
      job.completedAt && job.keepSeconds !== null
        ? new Date(job.completedAt.getTime() + job.keepSeconds * 1000).toISOString()
        : null,
    total_bytes: totalBytes,
    bytes_read: readBytes,
    analyzed_files: files.filter((row) => row.quality !== null).length,
    download_url: `/api/batch/download/${job.id}`,
  };
}

/** A job with its files. */
export function describeJob(job: BatchJobRow, files: readonly BatchFileRow[]): BatchJob {
  return { ...describeJobSummary(job, files), files: files.map(describeFile) };
}
