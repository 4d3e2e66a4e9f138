import { randomUUID } from 'node:crypto';
import {
  ASYNC_CONVERSION_TEXTS,
  BATCH_MAX_FILE_BYTES,
  BATCH_TEXTS,
  type BatchJob,
  CONVERSION_TEXTS,
  type JobKind,
} from '@unnest/contracts';
import {
  inflatedBytesBound,
  isOptionName,
  type OptionFields,
  resolveOptions,
  unknownOptionField,
} from '../convert/service.js';
import type { Account } from '../platform/account.js';
import type { Clock } from '../platform/clock.js';
import { type EngineSettings, resultFormat } from '../platform/conversion-tasks.js';
import { AppError } from '../platform/errors.js';
import { cleanFilename, type InputFormat, inputFormatOf, resultFilename } from '../platform/file-names.js';
import { fileSizeLimitBytes, type PlanLimits, retentionMs } from '../platform/plan-catalogue.js';
import { tooLargeRefusal } from '../platform/size-refusal.js';
import type { StorageDriver } from '../platform/storage/storage-driver.js';
import { FORM_TEXTS, type FormPart } from '../platform/upload-form.js';
import { describeJob } from './answers.js';
import { type JobEngineSettings, jobFolder, type QueuedFile } from './conversion.js';
import type { BatchRepository } from './repository.js';

/** Storage is reserved ahead of the bytes in steps of this size (one locked update per step). */
const RESERVE_STEP = 8 * 1024 * 1024;

class Oversized extends Error {}
class OverStorage extends Error {}

/** What was wrong with the request's files, counted over all of them so that the texts can say how many. */
interface Problems {
  files: number;
  wrongType: number;
  oversized: number;
  storage: boolean;
}

/**
 * Takes a batch upload: checks the plan, stores each file as it streams in (counted against the
 * per-file limit and, ahead of the bytes, the storage quota under a per-user lock), and queues one job
 * per file only once every file is stored and valid. Anything wrong: nothing is kept and the answer is
 * the spec's text with the count of offending files.
 */
export class BatchIntake {
  constructor(
    private readonly deps: {
      repository: BatchRepository;
      storage: StorageDriver;
      clock: Clock;
      /** Bytes the account may store in batch files (BatchService.storageAllowance). */
      storageAllowance: (account: Account) => Promise<number>;
      enqueue: (file: QueuedFile) => Promise<void>;
    },
  ) {}

  /**
   * A batch (`kind` batch: the `files` parts, the plan's files per batch, 100 MB per file unless the
   * plan allows more), or an asynchronous single conversion (`kind` conversion: one `file` part, for
   * plans with API access, the plan's file size), queued on the same durable per-file jobs.
   */
  async create(
    account: Account,
    parts: AsyncIterable<FormPart>,
    queryFields: OptionFields,
    signal: AbortSignal,
    kind: JobKind = 'batch',
  ): Promise<BatchJob> {
    const userId = account.id;
    const plan = account.plan;
    const single = kind === 'conversion';
    if (single && plan.apiCallsPerMonth === 0) {
      throw new AppError('FORBIDDEN', { detail: ASYNC_CONVERSION_TEXTS.notInPlan });
    }
    if (!single && plan.batchSize === 0) throw new AppError('FORBIDDEN', { detail: BATCH_TEXTS.notInPlan });
    const maxFiles = single ? 1 : plan.batchSize < 0 ? Number.POSITIVE_INFINITY : plan.batchSize;
    const maxBytes = single ? fileSizeLimitBytes(plan) : Math.max(BATCH_MAX_FILE_BYTES, fileSizeLimitBytes(plan));
    const fileField = single ? 'file' : 'files';
    const allowed = await this.deps.storageAllowance(account);
    const fields: OptionFields = { ...queryFields };
    const problems: Problems = { files: 0, wrongType: 0, oversized: 0, storage: false };
    const jobId = randomUUID();
    let engines: JobEngineSettings | undefined;
    const fileIds: string[] = [];
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          if (!isOptionName(part.name)) throw unknownOptionField(part.name, [fileField]);
          fields[part.name] = part.value;
          continue;
        }
        if (part.field !== fileField) {
          throw new AppError('VALIDATION_FAILED', { detail: FORM_TEXTS.fileNamed(part.field, fileField) });
        }
        problems.files += 1;
        const name = cleanFilename(part.filename, 'upload');
        const input = formatOf(name);
        const refused = problems.files > maxFiles || problems.wrongType + problems.oversized > 0 || problems.storage;
        if (input === undefined || refused) {
          if (input === undefined) problems.wrongType += 1;
          if ((await drain(part.body)) > maxBytes) problems.oversized += 1;
          continue;
        }
        if (!engines) {
          engines = await this.engines(account, fields, plan, maxBytes);
          await this.deps.repository.insertJob({
            id: jobId,
            userId,
            status: 'uploading',
            kind,
            options: engines,
            priority: plan.queuePriority,
            tier: plan.id,
            createdAt: this.deps.clock.now(),
            keepSeconds: await this.keepSeconds(account, plan),
          });
        }
        const fileId = await this.store(userId, jobId, fileIds.length, name, input, engines, part.body, {
          maxBytes,
          allowed,
          problems,
          signal,
        });
        if (fileId) fileIds.push(fileId);
      }
      if (single) this.refuseSingle(problems, plan.name, maxBytes);
      else this.refuse(problems, maxFiles, maxBytes);
    } catch (error) {
      if (engines) await this.discard(userId, jobId);
      throw error;
    }
    // Queued only now, and marked queued first: a worker takes a file only of a queued job.
    if (!(await this.deps.repository.markQueued(jobId)))
      throw new AppError('NOT_FOUND', { detail: BATCH_TEXTS.startFailed });
    for (const fileId of fileIds) {
      await this.deps.enqueue({ fileId, userId, priority: plan.queuePriority, tier: plan.id });
    }
    const job = await this.deps.repository.findJob(jobId);
    if (!job) throw new AppError('NOT_FOUND', { detail: BATCH_TEXTS.startFailed });
    return describeJob(job, await this.deps.repository.filesOf([jobId]));
  }

  /** Stores one file under its row; undefined (and counted in `problems`) when it is refused. */
  private async store(
    userId: string,
    jobId: string,
    position: number,
    name: string,
    input: InputFormat,
    engines: JobEngineSettings,
    body: AsyncIterable<Uint8Array>,
    limits: { maxBytes: number; allowed: number; problems: Problems; signal: AbortSignal },
  ): Promise<string | undefined> {
    const { repository, storage } = this.deps;
    const fileId = randomUUID();
    const engine = engines[input] as EngineSettings;
    const outputFormat = resultFormat(engine);
    const folder = `${jobFolder(userId, jobId)}/${fileId}`;
    const originalKey = `${folder}/original.${input}`;
    await repository.insertFile({
      id: fileId,
      jobId,
      userId,
      position,
      fileName: name,
      resultName: resultFilename(name, outputFormat),
      inputFormat: input,
      outputFormat,
      originalKey,
      resultKey: `${folder}/result.${outputFormat}`,
      fileSize: 0,
      status: 'pending',
    });
    let bytes = 0;
    let reserved = 0;
    // Read through one iterator that a refusal does not close, so that the rest of the part can be
    // drained and the next part reached.
    const reader = body[Symbol.asyncIterator]();
    const counted = async function* (this: void) {
      for (;;) {
        if (limits.signal.aborted) throw limits.signal.reason;
        const next = await reader.next();
        if (next.done) return;
        const chunk = next.value;
        bytes += chunk.length;
        if (bytes > limits.maxBytes) throw new Oversized();
        if (bytes > reserved) {
          const wanted = Math.min(bytes + RESERVE_STEP, limits.maxBytes);
          const got = await repository.reserve(userId, fileId, bytes, wanted, limits.allowed);
          if (got === undefined) throw new OverStorage();
          reserved = got;
        }
        yield chunk;
      }
    };
    try {
      await storage.put(originalKey, counted());
    } catch (error) {
      if (!(error instanceof Oversized || error instanceof OverStorage)) throw error;
      if (error instanceof Oversized) limits.problems.oversized += 1;
      else limits.problems.storage = true;
      await drain({ [Symbol.asyncIterator]: () => reader });
      return undefined;
    }
    // The exact size replaces the reservation (never more than was reserved).
    await repository.reserve(userId, fileId, bytes, bytes, Number.POSITIVE_INFINITY);
    return fileId;
  }

  /** How long the job is kept once it has ended, as a single conversion's file would be; null: until deleted. */
  private async keepSeconds(account: Account, plan: PlanLimits): Promise<number | null> {
    const keepMs = retentionMs(plan, (await account.settings()).auto_delete_days);
    return keepMs === null ? null : Math.ceil(keepMs / 1000);
  }

  /** The engine settings for JSON files (to the asked table format) and CSV files (to JSON). */
  private async engines(
    account: Account,
    fields: OptionFields,
    plan: PlanLimits,
    maxFileBytes: number,
  ): Promise<JobEngineSettings> {
    const settings = await account.settings();
    const asked = fields.output_format?.trim().toLowerCase();
    const json = resolveOptions(
      asked === 'json' ? { ...fields, output_format: undefined } : fields,
      settings,
      plan,
      'json',
    );
    // A flattening plan applies to every file: JSON is written under it, and CSV read back under it.
    const flattening = json.flattenPlan === undefined ? {} : { plan: json.flattenPlan };
    return {
      json: {
        ...flattening,
        ...(json.recordsPath === undefined ? {} : { recordsPath: json.recordsPath }),
        ...(json.relational ? { relational: true } : {}),
        ...(json.autoPlan === true ? { autoPlan: true as const } : {}),
        direction: 'json-to-csv',
        format: json.outputFormat === 'json' ? 'csv' : json.outputFormat,
        delimiter: json.delimiter,
        arrays: json.arrays,
        bom: json.bom,
        excelSafe: json.excelSafe === true,
        ...(json.groupArrayColumns ? { groupArrayColumns: true } : {}),
        analysis: false,
      },
      // A CSV cannot be read back under `table` paths (a relational ZIP holds its own plan).
      csv: { direction: 'csv-to-json', ...(json.relational ? {} : flattening), ...inflatedBytesBound(maxFileBytes) },
      // A relational ZIP reads back under the plan inside it; its files may unpack to a file's size limit.
      zip: { direction: 'csv-to-json', relational: true, ...inflatedBytesBound(maxFileBytes) },
    };
  }

  /** Throws the first of the spec's refusals that applies. */
  private refuse(problems: Problems, maxFiles: number, maxBytes: number): void {
    if (problems.files === 0) throw new AppError('VALIDATION_FAILED', { detail: BATCH_TEXTS.noFiles });
    if (problems.files > maxFiles) {
      throw new AppError('VALIDATION_FAILED', { detail: BATCH_TEXTS.tooManySelected(maxFiles, problems.files) });
    }
    if (problems.wrongType > 0) {
      throw new AppError('UNSUPPORTED_FILE_TYPE', { detail: BATCH_TEXTS.wrongType(problems.wrongType) });
    }
    if (problems.oversized > 0) {
      throw new AppError('FILE_TOO_LARGE', { detail: BATCH_TEXTS.oversized(sizeLabel(maxBytes), problems.oversized) });
    }
    if (problems.storage) throw new AppError('STORAGE_LIMIT_REACHED');
  }

  /** The refusals of an asynchronous single conversion: the single conversion's texts. */
  private refuseSingle(problems: Problems, planName: string, maxBytes: number): void {
    if (problems.files !== 1) {
      throw new AppError('VALIDATION_FAILED', {
        detail: problems.files === 0 ? CONVERSION_TEXTS.noFile : ASYNC_CONVERSION_TEXTS.oneFile,
      });
    }
    if (problems.wrongType > 0) throw new AppError('UNSUPPORTED_FILE_TYPE');
    if (problems.oversized > 0)
      throw tooLargeRefusal(planName, Number.POSITIVE_INFINITY, { maxFileBytes: maxBytes, credit: false });
    if (problems.storage) throw new AppError('STORAGE_LIMIT_REACHED');
  }

  private async discard(userId: string, jobId: string): Promise<void> {
    await this.deps.repository.deleteJob(jobId);
    await this.deps.storage.deletePrefix(jobFolder(userId, jobId));
  }
}

function formatOf(name: string): InputFormat | undefined {
  try {
    return inputFormatOf(name);
  } catch {
    return undefined;
  }
}

/** "100MB", "1GB": the spec writes the limit without a space. */
function sizeLabel(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${mb / 1024}GB` : `${mb}MB`;
}

/** Reads the rest of a part (to reach the next one), returning how many bytes it had. */
async function drain(body: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of body) bytes += chunk.length;
  return bytes;
}
