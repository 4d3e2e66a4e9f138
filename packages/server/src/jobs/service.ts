import type {
  AsyncConversionAccepted,
  BatchJob,
  BatchJobSummary,
  JobKind,
  JobStatus,
  JobSummary,
  JobsListResponse,
} from '@unnest/contracts';
import type { BatchService } from '../batch/service.js';
import type { OptionFields } from '../convert/service.js';
import type { Account } from '../platform/account.js';
import type { Upload } from '../platform/request-body.js';

/** One file of an asynchronous conversion, as the intake reads a multipart part. */
interface FilePart {
  kind: 'file';
  field: string;
  filename: string;
  body: AsyncIterable<Uint8Array>;
}

/** What stores an upload and queues it as a one-file job (the batch intake). */
export interface ConversionIntake {
  create(
    account: Account,
    parts: AsyncIterable<FilePart>,
    fields: OptionFields,
    signal: AbortSignal,
    kind: 'conversion',
  ): Promise<BatchJob>;
}

/** Where a job's progress is read. */
function statusUrl(jobId: string): string {
  return `/api/jobs/${jobId}/status`;
}

/** A conversion's converted file once there is one; a batch's ZIP once a file is converted. */
function resultUrl(job: BatchJob): string | null {
  if (job.kind === 'conversion') return job.files.find((file) => file.status === 'completed')?.download_url ?? null;
  return job.successful_files > 0 ? job.download_url : null;
}

function summary(job: BatchJobSummary): JobSummary {
  const result = job.kind === 'batch' && job.successful_files > 0 ? job.download_url : null;
  return { ...job, status_url: statusUrl(job.job_id), result_url: result };
}

function status(job: BatchJob): JobStatus {
  return { ...job, status_url: statusUrl(job.job_id), result_url: resultUrl(job) };
}

/**
 * The jobs API: batch jobs and asynchronous single conversions, which are one-file jobs on the same
 * durable queue (BatchIntake and BatchConverter), read, listed and cancelled through BatchService
 * with its ownership checks.
 */
export class JobsService {
  constructor(private readonly deps: { batch: BatchService; intake: ConversionIntake }) {}

  /** POST /api/convert/file?async=1: stores the upload and queues its conversion (202). */
  async startConversion(
    account: Account,
    upload: Upload,
    fields: OptionFields,
    signal: AbortSignal,
  ): Promise<AsyncConversionAccepted> {
    async function* parts(): AsyncGenerator<FilePart> {
      yield { kind: 'file', field: 'file', filename: upload.filename, body: upload.body };
    }
    const job = await this.deps.intake.create(account, parts(), fields, signal, 'conversion');
    const file = job.files[0];
    return {
      job_id: job.job_id,
      kind: 'conversion',
      status: job.status,
      created_at: job.created_at,
      file_name: file?.file_name ?? upload.filename,
      file_size: file?.file_size ?? 0,
      status_url: statusUrl(job.job_id),
    };
  }

  async list(userId: string, page: number, pageSize: number, kind?: JobKind): Promise<JobsListResponse> {
    const history = await this.deps.batch.history(userId, kind, page, pageSize);
    return { jobs: history.jobs.map(summary), total: history.total, page: history.page, page_size: history.page_size };
  }

  async status(userId: string, jobId: string): Promise<JobStatus> {
    return status(await this.deps.batch.job(userId, jobId));
  }

  async cancel(userId: string, jobId: string): Promise<JobStatus> {
    return status(await this.deps.batch.cancel(userId, jobId));
  }
}
