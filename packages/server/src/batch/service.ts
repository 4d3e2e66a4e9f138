import type { Readable } from 'node:stream';
import {
  BATCH_HISTORY_PAGE_SIZE,
  BATCH_TEXTS,
  type BatchClearResponse,
  type BatchHistoryResponse,
  type BatchJob,
  batchEntryNames,
  type JobKind,
  type SuccessResponse,
} from '@unnest/contracts';
import type { ConversionRecorder } from '../audit/service.js';
import type { FilesService } from '../files/service.js';
import type { Account } from '../platform/account.js';
import type { Clock } from '../platform/clock.js';
import { contentTypeFor } from '../platform/content-types.js';
import type { DomainEvents } from '../platform/domain-events.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { storageLimitBytes } from '../platform/plan-catalogue.js';
import type { StorageDriver } from '../platform/storage/storage-driver.js';
import { describeJob, describeJobSummary } from './answers.js';
import { BATCHES_PREFIX, jobFolder, type QueuedFile } from './conversion.js';
import type { BatchJobRow, BatchRepository } from './repository.js';
import { streamedZip } from './zip.js';

/** A pending file this long after its job was made, with no queue job, has lost it. */
const LOST_AFTER_MS = 10 * 60 * 1000;

/** One stored file ready to stream. */
export interface BatchDownload {
  stream: Readable | NodeJS.ReadableStream;
  filename: string;
  contentType: string;
  size?: number;
}

/**
 * Batch jobs as their owner sees them: status, history, deletion, cancellation and downloads. Every
 * id is checked against the owner; another user's job answers as missing. These are also what the
 * jobs API (`/api/jobs/*`) lists, reports and cancels.
 */
export class BatchService {
  constructor(
    private readonly deps: {
      repository: BatchRepository;
      storage: StorageDriver;
      files: FilesService;
      /** Tells who listens that a job ended (`batch.completed`). */
      events: DomainEvents;
      /** Announces an asynchronous conversion's end as a stored conversion's (its history rows come from the converter). */
      recorder: ConversionRecorder;
      clock: Clock;
      log: Logger;
      enqueue: (file: QueuedFile) => Promise<void>;
      /** Whether the queue holds a job (waiting or running) for this file. */
      isQueued: (fileId: string) => Promise<boolean>;
    },
  ) {}

  /**
   * Queues again the pending files of running jobs that no queue job holds any more (a crash between
   * queueing a job and sending its files, or retries used up by an outage). Idempotent; run every minute.
   */
  async requeueLost(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - LOST_AFTER_MS);
    let requeued = 0;
    for (const file of await this.deps.repository.pendingOfRunningJobs(before)) {
      if (await this.deps.isQueued(file.id)) continue;
      await this.deps.enqueue({ fileId: file.id, userId: file.userId, priority: file.priority, tier: file.tier });
      requeued += 1;
    }
    if (requeued > 0) this.deps.log.warn({ requeued }, 'queued again batch files whose queue job was lost');
    return requeued;
  }

  /** Bytes the user may store in batch files: the plan's storage minus the single conversions'. */
  async storageAllowance(account: Account): Promise<number> {
    return storageLimitBytes(account.plan) - (await this.deps.files.singleFileBytes(account.id));
  }

  /** One job with its files (GET /api/batch/job/{id}, /api/convert/batch/status/{jobId}). */
  async job(userId: string, jobId: string): Promise<BatchJob> {
    const job = await this.owned(userId, jobId);
    return describeJob(job, await this.deps.repository.filesOf([job.id]));
  }

  /**
   * The user's jobs of one kind, newest first: batches for GET /api/batch/jobs; every kind (asynchronous
   * conversions included) when `kind` is undefined, for GET /api/jobs/list.
   */
  async history(
    userId: string,
    kind: JobKind | undefined,
    page = 1,
    pageSize = BATCH_HISTORY_PAGE_SIZE,
  ): Promise<BatchHistoryResponse> {
    const { jobs, total } = await this.deps.repository.page(userId, (page - 1) * pageSize, pageSize, kind);
    const files = await this.deps.repository.filesOf(jobs.map((job) => job.id));
    return {
      jobs: jobs.map((job) =>
        describeJobSummary(
          job,
          files.filter((file) => file.jobId === job.id),
        ),
      ),
      total,
      page,
      page_size: pageSize,
    };
  }

  /** Deletes a job, its files and their bytes; a running one stops converting (its claims are gone). */
  async delete(userId: string, jobId: string): Promise<SuccessResponse> {
    const job = await this.owned(userId, jobId);
    if (!(await this.deps.repository.deleteOwnedJob(userId, job.id))) throw notFound();
    await this.deleteBytes(userId, job.id);
    return { success: true, message: 'Batch job deleted' };
  }

  /** Deletes every batch job of the user (Clear All History); asynchronous conversions stay. */
  async clear(userId: string): Promise<BatchClearResponse> {
    let deleted = 0;
    for (const jobId of await this.deps.repository.jobIdsOf(userId, 'batch')) {
      if (!(await this.deps.repository.deleteOwnedJob(userId, jobId))) continue;
      await this.deleteBytes(userId, jobId);
      deleted += 1;
    }
    return { success: true, message: `Deleted ${deleted} batch job${deleted === 1 ? '' : 's'}`, deleted_jobs: deleted };
  }

  /**
   * Cancels a running job: its files not yet converted become cancelled (a file converting now stops
   * at its next progress mark and keeps no bytes); converted files stay. A final job is answered as it is.
   */
  async cancel(userId: string, jobId: string): Promise<BatchJob> {
    const owned = await this.owned(userId, jobId);
    const now = this.deps.clock.now();
    const cancelled = await this.deps.repository.cancel(userId, owned.id, BATCH_TEXTS.cancelled, now);
    if (cancelled) await this.published(cancelled);
    return this.job(userId, owned.id);
  }

  /** After a file settled: finishes its job when it was the last one, and tells who listens, once. */
  async fileSettled(jobId: string): Promise<void> {
    const finished = await this.deps.repository.finishIfDone(jobId, this.deps.clock.now());
    if (finished) await this.published(finished);
  }

  /** The ZIP of every converted file of a job, in upload order, built as it is sent. */
  async zip(userId: string, jobId: string): Promise<BatchDownload> {
    const job = await this.owned(userId, jobId);
    const files = (await this.deps.repository.filesOf([job.id])).filter((file) => file.status === 'completed');
    if (files.length === 0) throw new AppError('NOT_FOUND', { detail: BATCH_TEXTS.noCompleted });
    const names = batchEntryNames(files.map((file) => file.resultName));
    const entries = files.map((file, index) => ({
      name: names[index] as string,
      date: file.completedAt ?? job.createdAt,
      open: () => this.deps.storage.get(file.resultKey),
    }));
    return { stream: streamedZip(entries), filename: `batch-${job.id}.zip`, contentType: 'application/zip' };
  }

  /** One converted file of a job. */
  async download(userId: string, jobId: string, fileId: string): Promise<BatchDownload> {
    const job = await this.owned(userId, jobId);
    const file = (await this.deps.repository.filesOf([job.id])).find((row) => row.id === fileId);
    if (file?.status !== 'completed') throw new AppError('FILE_NOT_FOUND');
    try {
      return {
        stream: await this.deps.storage.get(file.resultKey),
        filename: file.resultName,
        contentType: contentTypeFor(file.outputFormat),
        ...(file.resultSize === null ? {} : { size: file.resultSize }),
      };
    } catch (error) {
      throw new AppError('STORAGE_FAILED', { detail: BATCH_TEXTS.downloadFailed, cause: error });
    }
  }

  /**
   * Deletes the jobs kept past their time (the plan's retention, counted from when each ended): the bytes
   * first, then the row, so that a crash between the two leaves a row the next run deletes again.
   * Idempotent; answers how many jobs went.
   */
  async purgeExpired(): Promise<number> {
    let purged = 0;
    for (;;) {
      const due = await this.deps.repository.expiredJobs(this.deps.clock.now());
      for (const job of due) {
        await this.deps.storage.deletePrefix(jobFolder(job.userId, job.id));
        await this.deps.repository.deleteJob(job.id);
      }
      purged += due.length;
      if (due.length === 0) break;
    }
    if (purged > 0) this.deps.log.info({ purged }, 'deleted batch jobs whose retention is over');
    return purged;
  }

  /**
   * Deletes stored batch bytes whose job has no row (an account deleted with its jobs, a delete whose
   * storage call failed). Safe beside running uploads: a job's row is written before its first byte.
   */
  async sweepOrphans(): Promise<number> {
    const { repository, storage } = this.deps;
    const folders = new Map<string, string>();
    for (const key of await storage.list(BATCHES_PREFIX)) {
      const [, userId, jobId] = key.split('/');
      if (userId && jobId) folders.set(jobId, jobFolder(userId, jobId));
    }
    const ids = [...folders.keys()];
    let removed = 0;
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      const live = await repository.existingJobIds(chunk);
      for (const jobId of chunk) {
        if (live.has(jobId)) continue;
        await storage.deletePrefix(folders.get(jobId) as string);
        removed += 1;
      }
    }
    if (removed > 0) this.deps.log.info({ removed }, 'removed stored batch bytes with no job');
    return removed;
  }

  /** The job if it is the user's; NOT_FOUND for missing and foreign ids alike. */
  async owned(userId: string, jobId: string): Promise<BatchJobRow> {
    const job = await this.deps.repository.findOwnedJob(userId, jobId);
    if (!job) throw notFound();
    return job;
  }

  private async deleteBytes(userId: string, jobId: string): Promise<void> {
    await this.deps.storage.deletePrefix(jobFolder(userId, jobId)).catch((error: unknown) => {
      // The rows are gone; bytes left behind are removed by the next sweep of stale uploads' folders.
      this.deps.log.error({ err: error, jobId }, BATCH_TEXTS.deleteFailed);
    });
  }

  /** Tells who listens that a job ended: a batch as `batch.completed`, an asynchronous conversion as a conversion. */
  private async published(job: BatchJobRow): Promise<void> {
    const files = await this.deps.repository.filesOf([job.id]);
    const completedAt = job.completedAt ?? this.deps.clock.now();
    const durationMs = completedAt.getTime() - job.createdAt.getTime();
    const file = files[0];
    if (job.kind === 'conversion' && file) {
      const input = file.inputFormat as 'json' | 'csv';
      if (file.status === 'completed') {
        await this.deps.recorder.completed(
          {
            userId: job.userId,
            fileId: file.id,
            fileName: file.fileName,
            inputFormat: input,
            outputFormat: file.outputFormat,
            originalBytes: file.fileSize,
            resultBytes: file.resultSize ?? 0,
            records: file.records,
            columns: null,
            durationMs,
          },
          completedAt,
        );
      } else if (file.status === 'failed') {
        await this.deps.recorder.announceFailure(
          {
            userId: job.userId,
            fileId: file.id,
            fileName: file.fileName,
            inputFormat: input,
            error: file.error ?? '',
            durationMs,
          },
          completedAt,
        );
      }
      return;
    }
    await this.deps.events.publish(
      'batch.completed',
      `batch.completed:${job.id}`,
      {
        userId: job.userId,
        jobId: job.id,
        status: job.status as 'completed' | 'failed' | 'cancelled',
        totalFiles: files.length,
        successfulFiles: files.filter((row) => row.status === 'completed').length,
        failedFiles: files.filter((row) => row.status === 'failed').length,
        durationMs,
      },
      completedAt,
    );
  }
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', { detail: 'Batch job not found' });
}
