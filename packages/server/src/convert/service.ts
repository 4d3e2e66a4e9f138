import { buffer } from 'node:stream/consumers';
import {
  ANALYSIS_TEXTS,
  type AsyncConversionAccepted,
  CONVERSION_TEXTS,
  type ConversionResult,
  type FlattenPlanDocument,
  type FlattenPlanQuery,
  type FlattenPlanResponse,
  OUTPUT_FORMATS,
  QUICK_CONVERT_CSV,
  QUICK_CONVERT_MAX_BYTES,
  type QuickConvertQuery,
  type UserSettings,
  waitText,
} from '@unnest/contracts';
import { type CellTyping, ConversionError, type FlattenPlan } from '@unnest/engine';
import type { AnalysisService } from '../analysis/service.js';
import type { ConversionRecorder } from '../audit/service.js';
import type { FileSlot, FilesService } from '../files/service.js';
import type { Account } from '../platform/account.js';
import { type ByteCount, limitBytes } from '../platform/byte-limit.js';
import { addressSubject } from '../platform/client-address.js';
import type { Clock } from '../platform/clock.js';
import type { ConversionPool, TaskOptions } from '../platform/conversion-pool.js';
import {
  EmptyInputError,
  type EngineSettings,
  resultFormat,
  StorageLeftExceededError,
} from '../platform/conversion-tasks.js';
import { engineFailure } from '../platform/engine-errors.js';
import { AppError, infrastructureFailure } from '../platform/errors.js';
import { type InputFormat, inputFormatOf, resultFilename } from '../platform/file-names.js';
import { checkedPlan } from '../platform/flatten-plan-field.js';
import { foundFields } from '../platform/found-fields.js';
import { abortable } from '../platform/in-flight.js';
import type { Logger } from '../platform/logger.js';
import {
  type ConversionTimeLimits,
  conversionTimeLimitMs,
  durationText,
  fileSizeLimitBytes,
  type PlanLimits,
  planLimits,
  retentionMs,
  storageLimitBytes,
} from '../platform/plan-catalogue.js';
import { QUICK_CONVERSIONS } from '../platform/plan-quotas.js';
import { primed } from '../platform/primed-stream.js';
import type { LimitStanding, RateLimiter } from '../platform/rate-limiter.js';
import { incomplete, type Upload } from '../platform/request-body.js';
import { tooLargeRefusal } from '../platform/size-refusal.js';
import type { Allowance, ConversionAllowance } from './conversion-allowance.js';
import { csvToJsonEnvelope, readingFields } from './json-envelope.js';
import {
  AUTO_PLAN,
  isOptionName,
  type OptionFields,
  quickConvertGrouping,
  type ResolvedOptions,
  resolveOptions,
  unknownOptionField,
} from './options.js';
import { proposeFlatteningPlan } from './plan-service.js';

// Batch processing resolves the same options for each of its files.
/** How pasted CSV is to be read: each part of the dialect given, or sniffed when undefined. */
export interface CsvTextReading {
  delimiter: string | undefined;
  quote?: string | undefined;
  escape?: string | undefined;
  skipRows?: number | undefined;
  headerRows?: number | undefined;
  /** How cells are typed (default auto). */
  typing?: CellTyping | undefined;
  /** How the JSON is written and the headers become keys (engine defaults when undefined). */
  pretty?: boolean | undefined;
  ndjson?: boolean | undefined;
  unflatten?: boolean | undefined;
  separator?: string | undefined;
  header?: boolean | undefined;
}

export { isOptionName, type OptionFields, resolveOptions, unknownOptionField };

/** What queues an asynchronous conversion (the jobs feature, given by the app). */
export interface AsyncConversions {
  start(account: Account, upload: Upload, fields: OptionFields, signal: AbortSignal): Promise<AsyncConversionAccepted>;
}

/** A converted stream ready to send. */
export interface ConvertedStream {
  body: AsyncIterable<Uint8Array>;
  contentType: string;
  filename: string;
}

/**
 * The quick convert's engine settings by input: JSON to the CSV the browser writes too (Spreadsheet-safe on);
 * CSV to JSON with every part of the dialect detected, as the browser reads it.
 */
const QUICK_CONVERT_ENGINE: Record<'json' | 'csv', EngineSettings> = {
  json: { direction: 'json-to-csv', ...QUICK_CONVERT_CSV, analysis: false },
  csv: { direction: 'csv-to-json' },
};

// How the history names pasted text.
const PASTED_JSON = 'pasted JSON';
const PASTED_CSV = 'pasted CSV';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The time limit of a conversion paid for by `plan` or by a credit, and its refusal: the conversion is
 * stopped, and its caller removes what it stored and gives back what paid for it.
 */
export function conversionTimeLimit(
  plan: PlanLimits,
  credit: boolean,
  limits: ConversionTimeLimits,
): NonNullable<TaskOptions['timeLimit']> {
  const ms = conversionTimeLimitMs(plan, credit, limits);
  const payer = credit && ms > plan.conversionSeconds * 1000 ? 'a conversion credit' : `the ${plan.name} plan`;
  return {
    ms,
    refusal: () =>
      new AppError('CONVERSION_TIME_LIMIT', {
        detail: `The conversion took longer than ${payer} allows (${durationText(ms / 1000)}) and was stopped. Nothing was stored, and it was not counted.`,
      }),
  };
}

/** Empty or whitespace-only input is reported with the spec's text rather than as a syntax error. */
function isBlank(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  return true;
}

/** Conversions over HTTP: quotas and limits first, then request -> storage -> engine -> storage or response. */
export class ConvertService {
  constructor(
    private readonly deps: {
      files: FilesService;
      /** Writes each conversion's history row and, for a stored one, its event (notifications and webhooks subscribe). */
      recorder: ConversionRecorder;
      /** Premium accounts' JSON conversions carry its report. */
      analysis: AnalysisService;
      limiter: RateLimiter;
      /** What pays for a signed-in conversion: the plan, or a conversion credit. */
      allowance: ConversionAllowance;
      /** Runs the engine off the HTTP thread. */
      pool: ConversionPool;
      /** Starts an asynchronous conversion (POST /api/convert/file?async=1): a queued one-file job. */
      asyncConversions: AsyncConversions;
      /** Conversion time limits configured over the catalogue's (CONVERSION_TIME_LIMITS). */
      timeLimits: ConversionTimeLimits;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /**
   * Anonymous quick convert: at most 512 KB of JSON (to CSV) or CSV (to JSON), 3 per 24 hours per client
   * address, counted in the database before the body is read. A broken or oversized body uses its
   * conversion up (else an anonymous client could make the server parse bodies without end); only the
   * server's own failure gives it back. Formula-like cells in CSV written are made safe for spreadsheets
   * (`excelSafe`). `report` hears the address's standing once it is known (conversions left, seconds until
   * the next comes back). Its one option, `group_array_columns` (JSON to CSV), is checked before the conversion
   * is counted.
   */
  async quickConvert(
    input: 'json' | 'csv',
    clientAddress: string,
    query: QuickConvertQuery,
    body: AsyncIterable<Uint8Array>,
    declaredBytes: number | undefined,
    signal: AbortSignal,
    report: (standing: LimitStanding) => void,
  ): Promise<Buffer> {
    const settings = QUICK_CONVERT_ENGINE[input];
    const engine: EngineSettings =
      settings.direction === 'json-to-csv' && quickConvertGrouping(query.group_array_columns)
        ? { ...settings, groupArrayColumns: true }
        : settings;
    const quota = await this.deps.limiter.acquire(QUICK_CONVERSIONS, addressSubject(clientAddress));
    const limit = QUICK_CONVERSIONS.max;
    if (!quota.granted) {
      report({ limit, remaining: 0, resetSeconds: quota.retryAfterSeconds });
      throw new AppError('RATE_LIMITED', {
        detail: `Quick convert allows ${limit} conversions per 24 hours, and they have been used. The next one is available in ${waitText(quota.retryAfterSeconds)}; sign in for more.`,
        retryAfterSeconds: quota.retryAfterSeconds,
      });
    }
    // Input the server refuses still counts (a typo costs nothing in the web app, which checks it first).
    report({ limit, remaining: quota.remaining, resetSeconds: quota.resetSeconds });
    try {
      const tooLarge = () =>
        new AppError('PAYLOAD_TOO_LARGE', {
          detail: `Quick convert accepts up to 512 KB of ${input.toUpperCase()}. Sign in to convert larger files.`,
        });
      if (declaredBytes !== undefined && declaredBytes > QUICK_CONVERT_MAX_BYTES) throw tooLarge();
      const bytes = await buffer(limitBytes(abortable(body, signal), QUICK_CONVERT_MAX_BYTES, { bytes: 0 }, tooLarge));
      if (isBlank(bytes)) {
        const detail = input === 'json' ? CONVERSION_TEXTS.emptyQuickConvert : CONVERSION_TEXTS.emptyCsvText;
        throw new AppError('VALIDATION_FAILED', { detail });
      }
      try {
        // Anonymous conversions run within the free plan's time.
        const timeLimit = conversionTimeLimit(planLimits('free'), false, this.deps.timeLimits);
        return asBuffer(await this.deps.pool.toBytes(engine, bytes, { timeLimit }));
      } catch (error) {
        throw engineFailure(error, CONVERSION_TEXTS.conversionFailed);
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) {
        await quota.release();
        report({ limit, remaining: quota.remaining + 1, resetSeconds: quota.resetSeconds });
      }
      throw error;
    }
  }

  /**
   * Stores an upload and queues its conversion as a one-file job, answered at once (202) with the job
   * whose status gives the progress and, when done, the converted file.
   */
  startAsync(
    account: Account,
    upload: Upload,
    fields: OptionFields,
    signal: AbortSignal,
  ): Promise<AsyncConversionAccepted> {
    return this.deps.asyncConversions.start(account, upload, fields, signal);
  }

  /**
   * Converts an upload and stores both files: the bytes stream to a conversion worker (counted against
   * the plan's file size and the free storage as they come), which stores them as the original while
   * the engine converts them, and stores the result as it comes. Its record is written first
   * (pending); on any failure, a cut connection or an abort through `signal` included, both objects
   * are deleted and the record says failed and why.
   */
  async convertToStorage(
    account: Account,
    upload: Upload,
    fields: OptionFields,
    failureText: string,
    signal: AbortSignal,
  ): Promise<ConversionResult> {
    const userId = account.id;
    const started = this.deps.clock.now().getTime();
    const input = inputFormatOf(upload.filename);
    const { plan, settings, options, allowance, remainingStorage, analysis } = await this.prepare(
      account,
      fields,
      input,
      upload.declaredBytes,
    ).catch((error: unknown) => this.refuse(userId, input, upload.filename, error));
    const tooLarge = () => tooLargeRefusal(plan.name, remainingStorage, allowance);
    const engine = engineSettings(input, options, analysis, allowance.maxFileBytes);
    const outputFormat = resultFormat(engine);
    let slot: FileSlot | undefined;
    let originalSize = 0;
    const counted = { bytes: 0 };
    try {
      if (
        upload.declaredBytes !== undefined &&
        upload.declaredBytes > Math.min(allowance.maxFileBytes, remainingStorage) + 64 * 1024
      )
        throw tooLarge();
      const usedOptions =
        input !== 'json'
          ? {
              output_format: options.outputFormat,
              ...dialectOptions(options),
              ...(options.excelSafe === undefined ? {} : { excel_safe: options.excelSafe }),
              ...planOptions(options),
            }
          : {
              output_format: options.outputFormat,
              delimiter: options.delimiter,
              array_strategy: options.arrays,
              include_bom: options.bom,
              excel_safe: options.excelSafe === true,
              ...(options.groupArrayColumns ? { group_array_columns: true } : {}),
              analysis,
              ...planOptions(options),
            };
      slot = await this.deps.files.begin({
        userId,
        originalFilename: upload.filename,
        // JSON Lines are not one JSON document: the name says which they are.
        filename: resultFilename(upload.filename, options.csvDialect?.ndjson === true ? 'jsonl' : outputFormat),
        inputFormat: input,
        outputFormat,
        retentionType: plan.id === 'free' ? 'free' : 'premium',
        // A CSV's own dialect is detected where not given, and its conversion takes no other option but undoing
        // the guard.
        options: usedOptions,
      });
      // The worker stores the upload while it converts it, and stores the result itself.
      const stored = await this.deps.pool
        .toStorage(
          {
            engine,
            originalKey: slot.originalKey,
            resultKey: slot.resultKey,
            storageLeftBytes: remainingStorage,
          },
          this.limitUpload(
            abortable(incomplete(upload.body), signal),
            upload,
            plan,
            allowance,
            remainingStorage,
            counted,
          ),
          {
            sizeHint: upload.declaredBytes,
            signal,
            timeLimit: conversionTimeLimit(plan, allowance.credit, this.deps.timeLimits),
          },
        )
        .catch((error: unknown) => {
          if (error instanceof EmptyInputError) {
            throw new AppError('CONVERSION_FAILED', {
              detail: `${failureText}: ${input === 'json' ? CONVERSION_TEXTS.emptyJsonText : CONVERSION_TEXTS.emptyCsvText}`,
            });
          }
          if (error instanceof StorageLeftExceededError) throw new AppError('STORAGE_LIMIT_REACHED');
          if (error instanceof ConversionError && error.code === 'RELATIONAL_ZIP_INFLATES_TOO_LARGE')
            throw tooLargeRefusal(plan.name, remainingStorage, allowance, { unpacked: true });
          throw error;
        });
      originalSize = stored.originalBytes;
      if (stored.analysis && 'error' in stored.analysis) await allowance.analysisFailed();
      const resultSize = stored.resultBytes;
      const summary = stored.summary;
      const analysisFields = stored.analysis ? await this.deps.analysis.conversionFields(stored.analysis) : {};
      // A CSV or TSV keeps its smart column names, so that its download can take them as its header row.
      const smartHeaders =
        outputFormat === 'csv' || outputFormat === 'tsv'
          ? analysisFields.smart_headers?.map((header) => header.name)
          : undefined;
      const now = this.deps.clock.now();
      const keepMs = retentionMs(plan, settings.auto_delete_days);
      const record = await this.deps.files.complete(slot, {
        originalSize,
        resultSize,
        records: summary.records,
        columns: summary.columns,
        expiresAt: keepMs === null ? null : new Date(now.getTime() + keepMs),
        // plan=auto: the plan applied is kept as a given one is, so the file compares under it.
        ...(summary.appliedPlan === null && smartHeaders === undefined
          ? {}
          : {
              options: {
                ...usedOptions,
                ...(summary.appliedPlan === null ? {} : { plan: summary.appliedPlan.plan }),
                ...(smartHeaders === undefined ? {} : { smart_headers: smartHeaders }),
              },
            }),
      });
      const durationMs = now.getTime() - started;
      await this.deps.recorder.succeeded(
        {
          userId,
          input,
          details: `Converted ${upload.filename} to ${outputFormat.toUpperCase()}${summary.records === null ? '' : ` (${summary.records} records, ${summary.columns} columns)`}`,
          bytes: originalSize,
          durationMs,
        },
        {
          event: {
            userId,
            fileId: record.fileId,
            fileName: upload.filename,
            inputFormat: input,
            outputFormat,
            originalBytes: originalSize,
            resultBytes: resultSize,
            records: summary.records,
            columns: summary.columns,
            durationMs,
          },
          at: now,
        },
      );
      return {
        message: `${upload.filename} converted to ${outputFormat.toUpperCase()}`,
        status: 'success',
        file_id: record.fileId,
        filename: record.filename,
        original_filename: record.original_filename,
        output_format: outputFormat,
        original_size: originalSize,
        converted_size: resultSize,
        records: summary.records,
        columns: summary.columns,
        formula_guard: summary.formulaGuard,
        ...foundFields(summary),
        ...(summary.reading?.dialect ? readingFields(summary.reading) : {}),
        duration_seconds: durationMs / 1000,
        expires_at: record.expires_at,
        download_url: `/api/files/download/${record.fileId}`,
        ...analysisFields,
      };
    } catch (error) {
      const failure = engineFailure(error, failureText);
      await this.fail(userId, slot, allowance, failure, {
        input,
        filename: upload.filename,
        bytes: originalSize || counted.bytes,
        started,
        stored: true,
      });
      throw failure;
    }
  }

  /** Converts JSON text straight back to the client as a CSV (or TSV/XLSX) download; nothing is stored. */
  async convertToDownload(
    account: Account,
    upload: Upload,
    fields: OptionFields,
    signal: AbortSignal,
  ): Promise<ConvertedStream> {
    const userId = account.id;
    const started = this.deps.clock.now().getTime();
    if (fields.plan?.trim() === AUTO_PLAN) {
      await this.refuse(
        userId,
        'json',
        PASTED_JSON,
        new AppError('VALIDATION_FAILED', {
          detail: 'plan=auto reads the input twice: convert with POST /api/convert/text, which stores the result',
        }),
      );
    }
    const { plan, options, allowance } = await this.prepare(account, fields, 'json', upload.declaredBytes).catch(
      (error: unknown) => this.refuse(userId, 'json', PASTED_JSON, error),
    );
    const tooLarge = () => tooLargeRefusal(plan.name, Number.POSITIVE_INFINITY, allowance);
    const counted = { bytes: 0 };
    try {
      if (upload.declaredBytes !== undefined && upload.declaredBytes > allowance.maxFileBytes) throw tooLarge();
      const engine = engineSettings('json', options, false, allowance.maxFileBytes);
      const format = resultFormat(engine);
      const body = await primed(
        this.deps.pool.toStream(
          engine,
          this.limitUpload(abortable(upload.body, signal), upload, plan, allowance, Number.POSITIVE_INFINITY, counted),
          {
            sizeHint: upload.declaredBytes,
            signal,
            timeLimit: conversionTimeLimit(plan, allowance.credit, this.deps.timeLimits),
          },
        ),
      );
      await this.deps.recorder.succeeded({
        userId,
        input: 'json',
        details: `Converted pasted JSON to ${format.toUpperCase()} (download)`,
        bytes: counted.bytes,
        durationMs: this.deps.clock.now().getTime() - started,
      });
      return { body, contentType: format, filename: `converted.${format}` };
    } catch (error) {
      await this.fail(userId, undefined, allowance, error, {
        input: 'json',
        filename: PASTED_JSON,
        bytes: counted.bytes,
        started,
      });
      throw engineFailure(error, CONVERSION_TEXTS.failedToConvertFile);
    }
  }

  /**
   * CSV text to JSON, answered as `{data, json_data}` built around the engine's bytes. `counted`:
   * the converter's own conversions count against the daily quota and the history; the comparison
   * dialog's re-conversion of a stored file does not.
   */
  async csvTextToJson(
    account: Account,
    csv: string,
    how: CsvTextReading & { plan?: FlattenPlanDocument | undefined; excelSafe?: boolean | undefined },
    counted: boolean,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const started = this.deps.clock.now().getTime();
    const userId = account.id;
    // The comparison's re-conversion is not the user's attempt: only the converter's are in the history.
    const refuse = (error: unknown) =>
      counted ? this.refuse(userId, 'csv', PASTED_CSV, error) : Promise.reject<never>(error);
    if (csv.trim() === '') await refuse(new AppError('VALIDATION_FAILED', { detail: CONVERSION_TEXTS.emptyCsvText }));
    const { plan: _plan, excelSafe: _excelSafe, ...dialect } = how;
    const given = Object.fromEntries(Object.entries(dialect).filter(([, value]) => value !== undefined));
    // The comparison reads a CSV written with a flattening plan back under it.
    const planned = how.plan === undefined ? {} : { plan: checkedPlan(how.plan) };
    const plan = account.plan;
    const bytes = Buffer.from(csv, 'utf8');
    const allowance = counted
      ? await this.deps.allowance
          .take(userId, plan, { size: { bytes: bytes.length, refusal: this.overPlanSize(plan) } })
          .catch(refuse)
      : undefined;
    const maxFileBytes = allowance?.maxFileBytes ?? fileSizeLimitBytes(plan);
    if (bytes.length > maxFileBytes) {
      await allowance?.release();
      await refuse(
        tooLargeRefusal(plan.name, Number.POSITIVE_INFINITY, { maxFileBytes, credit: allowance?.credit ?? false }),
      );
    }
    try {
      if (signal.aborted) throw signal.reason;
      const read = await this.deps.pool.toBytesRead(
        {
          direction: 'csv-to-json',
          ...given,
          ...planned,
          ...inflatedBytesBound(maxFileBytes),
          ...(how.excelSafe === true ? { excelSafe: true } : {}),
        },
        bytes,
        { signal, timeLimit: conversionTimeLimit(plan, allowance?.credit ?? false, this.deps.timeLimits) },
      );
      const json = asBuffer(read.bytes);
      if (counted) {
        await this.deps.recorder.succeeded({
          userId,
          input: 'csv',
          details: 'Converted pasted CSV to JSON',
          bytes: bytes.length,
          durationMs: this.deps.clock.now().getTime() - started,
        });
      }
      return csvToJsonEnvelope(json, read.reading, how.ndjson === true);
    } catch (caught) {
      const error =
        caught instanceof ConversionError && caught.code === 'RELATIONAL_ZIP_INFLATES_TOO_LARGE'
          ? tooLargeRefusal(
              plan.name,
              Number.POSITIVE_INFINITY,
              { maxFileBytes, credit: allowance?.credit ?? false },
              { unpacked: true },
            )
          : caught;
      if (allowance)
        await this.fail(userId, undefined, allowance, error, {
          input: 'csv',
          filename: PASTED_CSV,
          bytes: bytes.length,
          started,
        });
      throw engineFailure(error, CONVERSION_TEXTS.csvToJsonFailed);
    }
  }

  /** A flattening plan proposed from a sample of a JSON input (see proposeFlatteningPlan). */
  async proposePlan(
    body: AsyncIterable<Uint8Array>,
    query: FlattenPlanQuery,
    declaredBytes: number | undefined,
    signal: AbortSignal,
  ): Promise<FlattenPlanResponse> {
    return proposeFlatteningPlan(this.deps.pool, body, query, declaredBytes, signal);
  }

  /**
   * Plan, settings and options of a signed-in conversion, with the storage checked and what pays for
   * it taken: the plan's daily conversion, or a credit for what the plan does not include.
   */
  private async prepare(account: Account, fields: OptionFields, input: InputFormat, declaredBytes: number | undefined) {
    const userId = account.id;
    // Premium JSON conversions report the data's schema and quality from the same pass over the input;
    // a plan without it gets it for a credit when asked.
    const entitled = input === 'json' && account.isPremium;
    const plan = account.plan;
    const settings: UserSettings = await account.settings();
    let options: ResolvedOptions;
    let format: AppError | undefined;
    try {
      options = resolveOptions(fields, settings, plan, input);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'FORMAT_NOT_IN_PLAN') throw error;
      // Asked for explicitly: a credit may pay for it (a default format never spends one).
      format = error;
      options = resolveOptions(fields, settings, { ...plan, formats: [...OUTPUT_FORMATS] }, input);
    }
    const remainingStorage = storageLimitBytes(plan) - (await account.storedBytes());
    if (remainingStorage <= 0) throw new AppError('STORAGE_LIMIT_REACHED');
    const buysAnalysis = input === 'json' && !entitled && options.analysis;
    // Relational output is written by another writer, which makes no analysis.
    const analysis = !options.relational && (entitled || buysAnalysis);
    const allowance = await this.deps.allowance.take(userId, plan, {
      ...(format ? { format } : {}),
      ...(buysAnalysis ? { analysis: new AppError('FORBIDDEN', { detail: ANALYSIS_TEXTS.premiumRequired }) } : {}),
      ...(declaredBytes === undefined ? {} : { size: { bytes: declaredBytes, refusal: this.overPlanSize(plan) } }),
    });
    return { plan, settings, options, allowance, remainingStorage, analysis };
  }

  /**
   * Counts an upload's bytes against what pays for it and the free storage, whatever the request
   * claimed. One that announced no size (chunked) and passes the plan's limit spends a credit then, if
   * none pays for it yet, and goes on up to 4 GB; without a credit it is refused as too large.
   */
  private async *limitUpload(
    source: AsyncIterable<Uint8Array>,
    upload: Pick<Upload, 'declaredBytes'>,
    plan: PlanLimits,
    allowance: Allowance,
    remainingStorage: number,
    count: ByteCount,
  ): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      count.bytes += chunk.length;
      if (
        count.bytes > allowance.maxFileBytes &&
        upload.declaredBytes === undefined &&
        count.bytes <= remainingStorage
      ) {
        await allowance.payForSize(this.overPlanSize(plan));
      }
      if (count.bytes > Math.min(allowance.maxFileBytes, remainingStorage)) {
        throw tooLargeRefusal(plan.name, remainingStorage, allowance);
      }
      yield chunk;
    }
  }

  /** The refusal of a file over the plan's size when no credit pays for it. */
  private overPlanSize(plan: PlanLimits): AppError {
    return tooLargeRefusal(plan.name, Number.POSITIVE_INFINITY, {
      maxFileBytes: fileSizeLimitBytes(plan),
      credit: false,
    });
  }

  /**
   * A conversion refused before it ran: a refusal the caller can act on (a limit, the plan, the input; not
   * the server's own failure) is written to the history as a failed attempt. Throws `error` on.
   */
  private async refuse(userId: string, input: InputFormat, filename: string, error: unknown): Promise<never> {
    if (error instanceof AppError && error.status < 500) {
      await this.deps.recorder.refused({ userId, input, details: `${filename}: ${error.message}` });
    }
    throw error;
  }

  /**
   * After a failed conversion: bytes deleted and the record failed, quota given back, the failure in the
   * history and, for a stored conversion (`what.stored`), announced.
   */
  private async fail(
    userId: string,
    slot: FileSlot | undefined,
    allowance: Pick<Allowance, 'release'>,
    error: unknown,
    what: { input: InputFormat; filename: string; bytes: number; started: number; stored?: boolean },
  ): Promise<void> {
    const reason =
      error instanceof ConversionError
        ? error.describe()
        : error instanceof AppError
          ? error.message
          : (infrastructureFailure(error)?.message ?? 'upload interrupted or storage failed');
    if (slot) await this.deps.files.fail(slot, reason);
    await allowance
      .release()
      .catch((releaseError: unknown) => this.deps.log.error({ err: releaseError }, 'quota not released'));
    const failedAt = this.deps.clock.now();
    const durationMs = failedAt.getTime() - what.started;
    await this.deps.recorder.failed(
      { userId, input: what.input, details: `${what.filename}: ${reason}`, bytes: what.bytes, durationMs },
      what.stored
        ? {
            event: {
              userId,
              fileId: slot?.fileId ?? null,
              fileName: what.filename,
              inputFormat: what.input,
              error: reason,
              durationMs,
            },
            started: what.started,
            at: failedAt,
          }
        : undefined,
    );
  }
}

/** The bound on what a ZIP read back may unpack to (the file size that is paid for), when there is one. */
export function inflatedBytesBound(maxFileBytes: number): { maxInflatedBytes?: number } {
  return Number.isFinite(maxFileBytes) ? { maxInflatedBytes: maxFileBytes } : {};
}

/**
 * The engine settings of a signed-in conversion; a ZIP's files (a CSV known as a ZIP by its first bytes too)
 * may unpack to `maxFileBytes` at most, the file size paid for.
 */
function engineSettings(
  input: InputFormat,
  options: ResolvedOptions,
  analysis: boolean,
  maxFileBytes: number,
): EngineSettings {
  const plan = options.flattenPlan === undefined ? {} : { plan: options.flattenPlan };
  const guard = options.excelSafe === undefined ? {} : { excelSafe: options.excelSafe };
  if (input === 'zip')
    return { direction: 'csv-to-json', relational: true, ...guard, ...inflatedBytesBound(maxFileBytes) };
  if (input === 'csv')
    return {
      direction: 'csv-to-json',
      ...options.csvDialect,
      ...plan,
      ...guard,
      ...inflatedBytesBound(maxFileBytes),
    };
  return {
    ...plan,
    ...(options.recordsPath === undefined ? {} : { recordsPath: options.recordsPath }),
    ...(options.relational ? { relational: true } : {}),
    ...(options.autoPlan === true ? { autoPlan: true as const } : {}),
    direction: 'json-to-csv',
    format: options.outputFormat === 'json' ? 'csv' : options.outputFormat,
    delimiter: options.delimiter,
    arrays: options.arrays,
    bom: options.bom,
    excelSafe: options.excelSafe === true,
    ...(options.groupArrayColumns ? { groupArrayColumns: true } : {}),
    analysis,
  };
}

/** The parts of a CSV's dialect a conversion was given, as its file's metadata keeps them. */
function dialectOptions({ csvDialect }: ResolvedOptions): Record<string, string | number | boolean> {
  if (csvDialect === undefined) return {};
  const { delimiter, quote, escape: escapeChar, skipRows, headerRows, typing, ...written } = csvDialect;
  const given = {
    delimiter,
    quote,
    escape: escapeChar,
    skip_rows: skipRows,
    header_rows: headerRows,
    types: typing,
    ...written,
  };
  return Object.fromEntries(
    Object.entries(given).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined),
  );
}

/** The plan, records path and relational output a conversion ran with, as its file's metadata keeps them. */
function planOptions(options: ResolvedOptions): { plan?: FlattenPlan; records?: string; relational?: boolean } {
  return {
    ...(options.relational ? { relational: true } : {}),
    ...(options.flattenPlan === undefined ? {} : { plan: options.flattenPlan }),
    ...(options.recordsPath === undefined ? {} : { records: options.recordsPath }),
  };
}
