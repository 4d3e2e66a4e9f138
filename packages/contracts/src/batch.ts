import { type Static, Type } from 'typebox';
import { FileQualityAnalysis } from './comparison.js';
import { AppliedPlan, ConversionDuplicateKeys, ConversionLeftOut, ConversionLoneSurrogates } from './convert.js';
import { pagingFields } from './paging.js';

/**
 * Batch processing (spec 2.11, the batch entities of section 3, the states of section 4, the rules of
 * sections 5 and 9). Field names are the spec's; anything added is additive and documented.
 */

/**
 * States of a batch job and of each of its files (spec 4: pending, processing, completed, failed).
 * `cancelled` is ours: a job cancelled by its owner, and the files it had not started.
 */
export const BATCH_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
/** One batch or batch-file state. */
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/** States after which nothing changes any more (polling stops). */
export const BATCH_FINAL_STATUSES: readonly BatchStatus[] = ['completed', 'failed', 'cancelled'];

/** Whether a job or file state is final. */
export function isFinalBatchStatus(status: BatchStatus): boolean {
  return BATCH_FINAL_STATUSES.includes(status);
}

/** Largest file a batch takes unless the plan allows larger ones (spec 9: 100 MB). */
export const BATCH_MAX_FILE_BYTES = 104_857_600;
/** How often the web app polls a running job (spec 9: 3 s). */
export const BATCH_POLL_MS = 3000;
/** Files per page of GET /api/batch/jobs unless `page_size` says otherwise. */
export const BATCH_HISTORY_PAGE_SIZE = 20;
/** The extensions a batch accepts: JSON (to CSV, the spec) and CSV (to JSON, ours). */
export const BATCH_FILE_EXTENSIONS = ['.json', '.csv'] as const;

/** The spec's batch texts (sections 2.11, 5 and 8), as functions where they carry a count. */
export const BATCH_TEXTS = {
  /** Upsell page title (spec 2.11). */
  upsellTitle: 'Premium Batch Processing',
  /** The 403 detail for a plan without batch processing, and the upsell page's lead. */
  notInPlan:
    'Batch processing is a premium feature. Upgrade to Professional (25 files per batch), Business (100 files per batch) or Enterprise (unlimited) to convert many files in one job.',
  tooManySelected: (max: number, count: number) => `Maximum ${max} files allowed. Selected ${count} files.`,
  tooManyDropped: (max: number, count: number) => `Maximum ${max} files allowed. Dropped ${count} files.`,
  /** The spec allows .json only; CSV to JSON is ours, so the text names both. */
  wrongType: (count: number) => `Only JSON and CSV files are allowed. Found ${count} other files.`,
  /** `limit` is "100MB" unless the plan allows larger files. */
  oversized: (limit: string, count: number) => `Files must be under ${limit}. Found ${count} oversized files.`,
  noFiles: 'Please select files to process.',
  noCompleted: 'No completed files to download.',
  startFailed: 'Failed to start batch processing',
  downloadFailed: 'Failed to download file',
  deleteFailed: 'Failed to delete batch job',
  historyEmpty: 'No batch jobs in history yet.',
  /** Why one file's comparison could not run (spec 8). */
  noCsvContent: 'Failed to get CSV content',
  originalNotFound: 'Original file not found',
  reconvertFailed: 'Failed to convert CSV back to JSON',
  comparisonFailed: 'Failed to run comparison analysis',
  /** A job cancelled by its owner: the text of the files it had not converted. */
  cancelled: 'Cancelled before it was converted',
} as const;

const timestamp = Type.String({ format: 'date-time' });
const status = Type.Enum([...BATCH_STATUSES]);

/** One file of a batch job (spec 3's batch file, plus the additive fields below the line). */
export const BatchFile = Type.Object({
  file_id: Type.String({ format: 'uuid' }),
  file_name: Type.String({ description: 'the uploaded name' }),
  file_size: Type.Integer({ minimum: 0, description: 'bytes uploaded' }),
  status,
  progress: Type.Number({ minimum: 0, maximum: 100, description: 'percent of the upload the converter has read' }),
  quality_score: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], {
    description: 'from the round-trip comparison (POST .../analyze); null until analysed or when nothing compares',
  }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'why it failed, with the position in the file' }),
  download_url: Type.Union([Type.String(), Type.Null()], {
    description: 'the converted file; its last segment is the file name; null until converted',
  }),
  // Additions (not in the spec):
  bytes_read: Type.Integer({ minimum: 0, description: 'bytes of the upload the converter has read' }),
  result_file_name: Type.String({ description: 'name of the converted file' }),
  result_size: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'bytes of the result' }),
  output_format: Type.Union(
    [Type.Literal('csv'), Type.Literal('tsv'), Type.Literal('xlsx'), Type.Literal('json'), Type.Literal('zip')],
    { description: 'zip: relational output, a ZIP of linked tables' },
  ),
  records: Type.Union([Type.Integer(), Type.Null()], { description: 'records converted (JSON input)' }),
  processing_time: Type.Union([Type.Number(), Type.Null()], { description: 'seconds the conversion took' }),
  worker: Type.Union([Type.String(), Type.Null()], { description: 'the process that converted it' }),
  quality: Type.Union([FileQualityAnalysis, Type.Null()], { description: 'the stored per-file quality analysis' }),
  // As the synchronous conversion answers them (ConversionResult, where they are described), once converted.
  // No descriptions here: this schema is in the landing page's bundle, whose size is budgeted.
  records_path: Type.Union([Type.String(), Type.Null()]),
  left_out: Type.Union([ConversionLeftOut, Type.Null()]),
  duplicate_keys: Type.Union([ConversionDuplicateKeys, Type.Null()]),
  lone_surrogates: Type.Union([ConversionLoneSurrogates, Type.Null()]),
  applied_plan: Type.Optional(AppliedPlan),
});
export type BatchFile = Static<typeof BatchFile>;

/** One file's failure in a job's `errors` list. */
export const BatchError = Type.Object({
  file_id: Type.String({ format: 'uuid' }),
  file_name: Type.String(),
  error: Type.String(),
});
export type BatchError = Static<typeof BatchError>;

const jobFields = {
  job_id: Type.String({ format: 'uuid' }),
  status,
  created_at: timestamp,
  total_files: Type.Integer({ minimum: 0 }),
  successful_files: Type.Integer({ minimum: 0 }),
  failed_files: Type.Integer({ minimum: 0 }),
  processed_files: Type.Integer({ minimum: 0, description: 'files in a final state' }),
  errors: Type.Array(BatchError),
  progress_percentage: Type.Number({ minimum: 0, maximum: 100, description: 'bytes read of all files, in percent' }),
  total_processing_time: Type.Union([Type.Number(), Type.Null()], {
    description: 'seconds from creation to the final state; null while running',
  }),
  // Additions (not in the spec):
  kind: Type.Union([Type.Literal('batch'), Type.Literal('conversion')], {
    description: 'conversion: one file converted asynchronously (POST /api/convert/file?async=1)',
  }),
  cancelled_files: Type.Integer({ minimum: 0 }),
  completed_at: Type.Union([timestamp, Type.Null()]),
  expires_at: Type.Union([timestamp, Type.Null()], {
    description:
      "when the job and its files are deleted: the plan's retention (within the auto-delete setting) after it ended; null while it runs, or when kept until deleted",
  }),
  total_bytes: Type.Integer({ minimum: 0 }),
  bytes_read: Type.Integer({ minimum: 0 }),
  analyzed_files: Type.Integer({ minimum: 0, description: 'files with a stored quality analysis' }),
  download_url: Type.String({ description: 'the ZIP of every converted file' }),
};

/** A batch job with its files: the answer of the create, status, job, cancel and analyze calls. */
export const BatchJob = Type.Object({ ...jobFields, files: Type.Array(BatchFile) });
export type BatchJob = Static<typeof BatchJob>;

/** A job in the history list (its files are fetched with GET /api/batch/job/{id}). */
export const BatchJobSummary = Type.Object(jobFields);
export type BatchJobSummary = Static<typeof BatchJobSummary>;

/** GET /api/batch/jobs?page=&page_size=: newest first. */
export const BatchHistoryQuery = Type.Object(
  {
    ...pagingFields(BATCH_HISTORY_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type BatchHistoryQuery = Static<typeof BatchHistoryQuery>;

/** Answer of GET /api/batch/jobs. */
export const BatchHistoryResponse = Type.Object({
  jobs: Type.Array(BatchJobSummary),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer({ minimum: 1 }),
});
export type BatchHistoryResponse = Static<typeof BatchHistoryResponse>;

/** Path parameters of the job routes. */
export const BatchJobParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type BatchJobParams = Static<typeof BatchJobParams>;
/** Path parameter of GET /api/convert/batch/status/{jobId}. */
export const BatchStatusParams = Type.Object({ jobId: Type.String({ maxLength: 64 }) });
export type BatchStatusParams = Static<typeof BatchStatusParams>;
/** Path parameters of one file's download: GET /api/batch/job/{id}/file/{batchFileId}/{name}. */
export const BatchFileParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  batchFileId: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 300 }),
});
export type BatchFileParams = Static<typeof BatchFileParams>;

/** POST /api/batch/job/{id}/analyze: every converted file, or only those named. */
export const BatchAnalyzeBody = Type.Object(
  { file_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10_000 })) },
  { additionalProperties: false },
);
export type BatchAnalyzeBody = Static<typeof BatchAnalyzeBody>;

/** One file's outcome in an analysis run. */
export const BatchFileAnalysis = Type.Object({
  file_id: Type.String({ format: 'uuid' }),
  file_name: Type.String(),
  analysis: Type.Union([FileQualityAnalysis, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()], { description: 'one of the spec comparison reasons, with why' }),
});
export type BatchFileAnalysis = Static<typeof BatchFileAnalysis>;

/** Answer of POST /api/batch/job/{id}/analyze: each file's analysis (stored with it) and the job after. */
export const BatchAnalyzeResponse = Type.Object({
  results: Type.Array(BatchFileAnalysis),
  job: BatchJob,
});
export type BatchAnalyzeResponse = Static<typeof BatchAnalyzeResponse>;

/** Answer of DELETE /api/batch/jobs. */
export const BatchClearResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  deleted_jobs: Type.Integer({ minimum: 0 }),
});
export type BatchClearResponse = Static<typeof BatchClearResponse>;

/** The ZIP's entry name of a converted file; duplicates get ` (2)`, ` (3)` before the extension. */
export function batchEntryNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const extension = dot > 0 ? name.slice(dot) : '';
    for (let copy = 2; seen.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
