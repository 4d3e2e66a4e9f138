import { BATCH_TEXTS, CONVERSION_TEXTS } from '@unnest/contracts';
import { ConversionError } from '@unnest/engine';
import type { ConversionRecorder } from '../audit/service.js';
import type { Clock } from '../platform/clock.js';
import type { ConversionPool, TaskOptions } from '../platform/conversion-pool.js';
import { EmptyInputError, type EngineSettings, StorageLeftExceededError } from '../platform/conversion-tasks.js';
import { engineFailureText } from '../platform/engine-errors.js';
import { AppError } from '../platform/errors.js';
import type { InputFormat } from '../platform/file-names.js';
import { foundFields } from '../platform/found-fields.js';
import type { Logger } from '../platform/logger.js';
import { type StorageDriver, StoredObjectMissingError } from '../platform/storage/storage-driver.js';
import type { BatchFileRow, BatchRepository } from './repository.js';
import { diedOnThisHost } from './worker-identity.js';

/** The engine settings of a job, per input format (stored with the job). */
export type JobEngineSettings = Partial<Record<InputFormat, EngineSettings>>;

/** A file to (re)queue, with its job's place in the queue. */
export interface QueuedFile {
  fileId: string;
  userId: string;
  priority: number;
  tier: string;
}

/** How often a converting file's progress and heartbeat are written. */
const PROGRESS_EVERY_MS = 1000;
/** A processing file whose heartbeat is older than this belongs to a worker that stopped (any host). */
export const STALE_CLAIM_MS = 60_000;
/** An upload that has not finished in this time belongs to a process that died (requests end sooner). */
const STALE_UPLOAD_MS = 60 * 60 * 1000;
const STORAGE_TEXT = 'Your file storage is full. Delete some files or upgrade your plan.';

/** Thrown into a conversion whose claim was lost (the job was cancelled or deleted, or taken over). */
class ClaimLost extends Error {}

/**
 * Converts one batch file, as a queued job on any worker: claims it, streams its stored upload
 * through the ConversionPool into its result, and records the outcome once. Safe to run twice: a
 * second run finds the file claimed or final and does nothing; a run after its worker died starts the
 * file again from its first byte (the result is replaced whole, the original never touched).
 */
export class BatchConverter {
  constructor(
    private readonly deps: {
      repository: BatchRepository;
      storage: StorageDriver;
      pool: ConversionPool;
      /** Writes each file's history row (BatchService announces an asynchronous conversion's end). */
      recorder: ConversionRecorder;
      clock: Clock;
      log: Logger;
      /** This process's name (see worker-identity.ts). */
      worker: string;
      /** Bytes the user may still store in batch files (plan storage minus single conversions). */
      storageAllowance: (userId: string) => Promise<number>;
      /** How long one of the user's files may take to convert (the plan's conversion time limit). */
      timeLimit: (userId: string) => Promise<TaskOptions['timeLimit']>;
      enqueue: (file: QueuedFile) => Promise<void>;
      /** Called after a file reached a final state (the service finishes the job). */
      fileSettled: (jobId: string) => Promise<void>;
    },
  ) {}

  async convert(fileId: string): Promise<void> {
    const { repository, clock } = this.deps;
    const found = await repository.findFile(fileId);
    if (!found) return;
    if (found.status === 'processing' && found.worker !== null && this.dead(found)) {
      await repository.release(found.id, found.worker);
    }
    const file = await repository.claim(fileId, this.deps.worker, clock.now());
    if (!file) return;
    const job = await repository.findJob(file.jobId);
    const engine = (job?.options as JobEngineSettings | undefined)?.[file.inputFormat as InputFormat];
    if (!job || !engine) return;
    const settled = await this.run(file, engine);
    if (settled) await this.deps.fileSettled(file.jobId);
  }

  /**
   * Gives files held by dead workers back to the queue and removes uploads a dead process left;
   * idempotent, run at start and every minute.
   */
  async recover(): Promise<number> {
    const { repository, clock, storage } = this.deps;
    const now = clock.now().getTime();
    let requeued = 0;
    for (const file of await repository.interrupted(new Date(now - STALE_CLAIM_MS), diedOnThisHost)) {
      if (file.worker === null || !(await repository.release(file.id, file.worker))) continue;
      const job = await repository.findJob(file.jobId);
      if (!job) continue;
      await this.deps.enqueue({ fileId: file.id, userId: file.userId, priority: job.priority, tier: job.tier });
      requeued += 1;
    }
    for (const job of await repository.staleUploads(new Date(now - STALE_UPLOAD_MS))) {
      await storage.deletePrefix(jobFolder(job.userId, job.id));
      await repository.deleteJob(job.id);
    }
    if (requeued > 0) this.deps.log.info({ requeued }, 'requeued batch files of workers that stopped');
    return requeued;
  }

  private dead(file: BatchFileRow): boolean {
    const stale = (file.heartbeatAt?.getTime() ?? 0) < this.deps.clock.now().getTime() - STALE_CLAIM_MS;
    return stale || diedOnThisHost(file.worker as string);
  }

  /** Converts a claimed file; true when it reached a final state here. */
  private async run(file: BatchFileRow, engine: EngineSettings): Promise<boolean> {
    const { repository, storage, pool, clock, worker } = this.deps;
    const started = clock.now().getTime();
    const stop = new AbortController();
    // The worker thread reads the original from storage itself and counts what it has read here.
    const bytesRead = new BigInt64Array(new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT));
    const beat = setInterval(() => {
      repository.progress(file.id, worker, Number(Atomics.load(bytesRead, 0)), clock.now()).then(
        (held) => {
          if (!held) stop.abort(new ClaimLost());
        },
        (error: unknown) => this.deps.log.warn({ err: error, fileId: file.id }, 'batch progress not recorded'),
      );
    }, PROGRESS_EVERY_MS);
    try {
      const allowed = await this.deps.storageAllowance(file.userId);
      // The upload is stored already: the result may use what is left besides it.
      const left = allowed - (await repository.storedBytes(file.userId)) + file.fileSize;
      const stored = await pool.storedToStorage(
        {
          engine,
          originalKey: file.originalKey,
          resultKey: file.resultKey,
          storageLeftBytes: Math.max(0, left),
        },
        bytesRead,
        // No size hint: batch files are background work for the bulk lane, even small ones, so that the
        // quick lane stays free for the small conversions someone is waiting on.
        { signal: stop.signal, timeLimit: await this.deps.timeLimit(file.userId) },
      );
      const outcome = await repository.complete(
        file,
        worker,
        {
          resultSize: stored.resultBytes,
          records: stored.summary.records,
          found: foundFields(stored.summary),
          now: clock.now(),
        },
        allowed,
      );
      if (outcome !== 'completed') await this.discardResult(file);
      if (outcome === 'lost') return false;
      if (outcome === 'storage-full') return this.failed(file, STORAGE_TEXT, started);
      await this.deps.recorder.succeeded({
        userId: file.userId,
        input: file.inputFormat,
        details: `Batch: converted ${file.fileName} to ${file.outputFormat.toUpperCase()}${stored.summary.records === null ? '' : ` (${stored.summary.records} records)`}`,
        bytes: file.fileSize,
        durationMs: clock.now().getTime() - started,
      });
      return true;
    } catch (error) {
      if (stop.signal.aborted && stop.signal.reason instanceof ClaimLost) {
        await this.discardResult(file);
        return false;
      }
      const reason = fileFailure(error, file.inputFormat);
      // A worker stopped at the time limit wrote its result no further: what it left goes.
      if (error instanceof AppError && error.code === 'CONVERSION_TIME_LIMIT') await storage.delete(file.resultKey);
      if (reason === undefined) {
        // The server's own trouble (storage unreachable, a shutdown): the file goes back to the queue.
        await repository.release(file.id, worker);
        throw error;
      }
      return this.failed(file, reason, started);
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * Deletes what a run that lost its claim wrote, unless the file is completed: then another run of it
   * wrote the same key, and those bytes are the file's result.
   */
  private async discardResult(file: BatchFileRow): Promise<void> {
    const now = await this.deps.repository.findFile(file.id);
    if (now?.status === 'completed') return;
    await this.deps.storage.delete(file.resultKey);
    // The job was deleted while this file converted: the deletion emptied its folder while the conversion
    // still wrote there, so the folder goes now that the conversion has stopped.
    if (now === undefined && !(await this.deps.repository.findJob(file.jobId))) {
      await this.deps.storage.deletePrefix(jobFolder(file.userId, file.jobId));
    }
  }

  private async failed(file: BatchFileRow, reason: string, started: number): Promise<boolean> {
    const { clock } = this.deps;
    if (!(await this.deps.repository.fail(file.id, this.deps.worker, reason, clock.now()))) return false;
    await this.deps.recorder.failed({
      userId: file.userId,
      input: file.inputFormat,
      details: `Batch: ${file.fileName}: ${reason}`,
      bytes: file.fileSize,
      durationMs: clock.now().getTime() - started,
    });
    return true;
  }
}

/** Where every batch byte lives. */
export const BATCHES_PREFIX = 'batches';

/** The folder of one job's bytes; outside `users/`, whose sweep knows only single conversions. */
export function jobFolder(userId: string, jobId: string): string {
  return `${BATCHES_PREFIX}/${userId}/${jobId}`;
}

/** Why the file itself failed (its own content), or undefined when the server failed. */
function fileFailure(error: unknown, input: string): string | undefined {
  const prefix = CONVERSION_TEXTS.fileConversionFailed;
  if (error instanceof ConversionError) return engineFailureText(error, prefix);
  if (error instanceof EmptyInputError) {
    return `${prefix}: ${input === 'csv' ? CONVERSION_TEXTS.emptyCsvText : CONVERSION_TEXTS.emptyJsonText}`;
  }
  if (error instanceof StorageLeftExceededError) return STORAGE_TEXT;
  // The stored upload is gone (deleted under it): there is nothing left to convert.
  if (error instanceof StoredObjectMissingError) return BATCH_TEXTS.originalNotFound;
  // The worker thread died under it (out of memory): the file's own doing.
  if (error instanceof AppError && error.code === 'CONVERSION_FAILED') return `${prefix}: ${error.message}`;
  if (error instanceof AppError && error.code === 'CONVERSION_TIME_LIMIT') return error.message;
  return undefined;
}
