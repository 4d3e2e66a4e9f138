import { isUtf8 } from 'node:buffer';
import { once } from 'node:events';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { workerData } from 'node:worker_threads';
import { COMPARE_MAX_BYTES } from '@unnest/contracts';
import {
  AnalysisCollector,
  analyzeJson,
  type ByteSource,
  ConversionError,
  compareRoundTrip,
  csvToJson,
  isZip,
  joinedNotedCells,
  jsonToCsv,
  jsonToRelational,
  type Notice,
  peekBytes,
  profileJson,
  proposePlan,
  relationalToJson,
} from '@unnest/engine';
import { fileSpoolFactory } from '@unnest/engine/node';
import { proposeWholePlan } from './auto-plan.js';
import { receiveChunks, sendChunks } from './chunk-channel.js';
import type {
  AnalysisOutcome,
  BytesConversionTask,
  Comparison,
  ComparisonTask,
  ConversionSummary,
  ConversionWorkerData,
  EngineSettings,
  PlanAnswer,
  PlanTask,
  ReadConversion,
  StoredConversion,
  StoredConversionTask,
  StreamedConversionTask,
  TaskOutcome,
} from './conversion-tasks.js';
import {
  describeFailure,
  EmptyInputError,
  StorageLeftExceededError,
  ZIP_INFLATE_RATIO,
  ZIP_RATIO_FLOOR_BYTES,
} from './conversion-tasks.js';
import { csvReadingCollector } from './csv-reading.js';
import { primed } from './primed-stream.js';
import { rememberDirectWrites } from './storage/direct-writes.js';
import { localStorage } from './storage/local-storage.js';
import type { StorageDriver } from './storage/storage-driver.js';

/**
 * A conversion worker thread (run by Piscina, see conversion-pool.ts): the engine runs here and
 * nowhere else in the server. Each exported function is one kind of task; each answers an outcome
 * (never throws), so the engine's positioned errors reach the HTTP thread whole.
 */

const settings = workerData as ConversionWorkerData;
/** Chunks (up to 1 MB each, see chunk-channel.ts) queued for the original's storage before the input waits. */
const ORIGINAL_QUEUE_CHUNKS = 4;
const storage = await openStorage(settings.storage);
const spool = fileSpoolFactory(settings.spoolDir);
const basePriority = os.getPriority();
let priority = basePriority;
let mayRaisePriority = true;

/**
 * Runs this thread at the nice value the pool asks for now (bulk lane: lower while other conversions
 * wait). On Linux a thread's nice value is its own. Raising the priority back needs a privilege (root,
 * CAP_SYS_NICE); without it the thread stays lower until it ends.
 */
function followPoolPriority(): void {
  if (!settings.niceValue) return;
  const wanted = Math.min(19, basePriority + Atomics.load(settings.niceValue, 0));
  if (wanted === priority || (wanted < priority && !mayRaisePriority)) return;
  try {
    os.setPriority(wanted);
    priority = wanted;
  } catch {
    mayRaisePriority = false;
  }
}

/** The input, with the pool's priority followed at each chunk. */
async function* prioritized(source: ByteSource): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    followPoolPriority();
    yield chunk;
  }
}

async function openStorage(where: ConversionWorkerData['storage']): Promise<StorageDriver> {
  if (where.kind === 'local') {
    // The HTTP thread probed the folder once for the process: a thread that starts does not probe again.
    rememberDirectWrites(where.root, where.directWrites === true);
    return localStorage(where.root, { directWrites: where.directWrites });
  }
  // The S3 client is loaded only when used: it costs each thread about 25 MB.
  const { s3Client, s3Storage } = await import('./storage/s3-storage.js');
  return s3Storage(s3Client(where.config), where.config.bucket);
}

async function outcome<T>(work: () => Promise<T>): Promise<TaskOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, failure: describeFailure(error) };
  }
}

/**
 * The engine over `source` as the settings say; `summary` is filled as the engine reports it. A ZIP read back
 * may unpack to no more than `storageLeftBytes` (a stored conversion's), besides the settings' own bound.
 */
function engine(
  source: ByteSource,
  how: EngineSettings,
  summary: ConversionSummary,
  collector: AnalysisCollector | null,
  storageLeftBytes = Number.POSITIVE_INFINITY,
): AsyncIterable<Uint8Array> {
  followPoolPriority();
  if (settings.niceValue) source = prioritized(source);
  if (how.direction === 'csv-to-json') {
    const { reading, onNotice } = csvReadingCollector();
    summary.reading = reading;
    return tablesToJson(source, how, storageLeftBytes, (notice) => {
      // The rows written as records, and the header's columns (a relational ZIP reports none).
      if (notice.kind === 'summary') {
        summary.records = notice.records;
        summary.columns = notice.columns;
      }
      onNotice(notice);
    });
  }
  const options = {
    // Node's native check lets the engine copy valid UTF-8 without checking it character by character.
    isUtf8,
    format: how.format,
    delimiter: how.delimiter,
    arrays: how.arrays,
    bom: how.bom,
    excelSafe: how.excelSafe,
    ...(how.groupArrayColumns === true ? { groupArrayColumns: true } : {}),
    ...(how.recordsPath === undefined ? {} : { recordsPath: how.recordsPath }),
    spool,
    onNotice: (notice: Notice) => {
      if (notice.kind === 'summary') {
        summary.records = notice.records;
        summary.columns = notice.columns;
      } else if (notice.kind === 'formula-guard') {
        summary.formulaGuard = { cells: notice.cells, examples: notice.examples };
      } else if (notice.kind === 'records-path') summary.recordsPath = notice.path;
      else if (notice.kind === 'left-out') summary.leftOut = notice;
      else if (notice.kind === 'duplicate-keys') summary.duplicateKeys = notice.repeated;
      else if (notice.kind === 'lone-surrogates')
        summary.loneSurrogates = joinedNotedCells(summary.loneSurrogates, notice);
    },
  };
  // `plan=auto`: the proposal made from the whole input (plannedSource) is the plan.
  const plan = how.autoPlan === true ? summary.appliedPlan?.plan : how.plan;
  // A plan that says where the records are is where they were found when the request named no path: the
  // engine reports only the paths it finds itself.
  if (how.recordsPath === undefined && plan?.records !== undefined) {
    const { path, shape } = plan.records;
    // An empty path is the whole document: its members when it is a map (`.`, as the engine says it), else no path.
    summary.recordsPath = path !== '' ? path : shape === 'map' ? '.' : null;
  }
  // Relational output needs a plan with `table` paths (or plan=auto): the HTTP thread refuses it without one.
  if (how.relational === true && plan !== undefined) return jsonToRelational(source, { ...options, plan });
  return jsonToCsv(source, {
    ...options,
    ...(collector ? { analysis: collector } : {}),
    ...(plan === undefined ? {} : { plan }),
  });
}

/**
 * A CSV read back into JSON, or a relational ZIP (named .zip, or known by its first bytes) under the plan inside
 * it; the engine refuses a .zip that is not one.
 */
async function* tablesToJson(
  source: ByteSource,
  how: Extract<EngineSettings, { direction: 'csv-to-json' }>,
  storageLeftBytes: number,
  onNotice?: (notice: Notice) => void,
): AsyncGenerator<Uint8Array> {
  const { first, bytes } = await peekBytes(source);
  const delimiter = how.delimiter === undefined ? {} : { delimiter: how.delimiter };
  const guard = how.excelSafe === undefined ? {} : { excelSafe: how.excelSafe };
  if (how.relational === true || (first !== undefined && isZip(first))) {
    const maxInflatedBytes = Math.min(how.maxInflatedBytes ?? Number.POSITIVE_INFINITY, storageLeftBytes);
    try {
      yield* relationalToJson(bytes, {
        isUtf8,
        ...delimiter,
        ...guard,
        maxZipBytes: settings.maxRelationalZipBytes,
        ...zipLimits(maxInflatedBytes),
      });
    } catch (error) {
      // Unpacked past the storage left rather than the plan's file size: the storage's own refusal.
      const pastStorage = storageLeftBytes < (how.maxInflatedBytes ?? Number.POSITIVE_INFINITY);
      if (error instanceof ConversionError && error.code === 'RELATIONAL_ZIP_INFLATES_TOO_LARGE' && pastStorage)
        throw new StorageLeftExceededError();
      throw error;
    }
    return;
  }
  const { quote, escape: escapeChar, skipRows, headerRows, encoding, typing } = how;
  const { pretty, ndjson, unflatten, separator, header } = how;
  const dialect = {
    quote,
    escape: escapeChar,
    skipRows,
    headerRows,
    encoding,
    typing,
    pretty,
    ndjson,
    unflatten,
    separator,
    header,
  };
  const given = Object.fromEntries(Object.entries(dialect).filter(([, value]) => value !== undefined));
  yield* csvToJson(bytes, {
    isUtf8,
    ...delimiter,
    ...given,
    ...guard,
    ...(how.plan === undefined ? {} : { plan: how.plan }),
    ...(onNotice === undefined ? {} : { onNotice }),
    // Per-column typing keeps the input here between its two passes.
    spool,
  });
}

/** How far a ZIP read here may unpack: `maxInflatedBytes`, and ZIP_INFLATE_RATIO times its size. */
function zipLimits(maxInflatedBytes: number) {
  return { maxInflatedBytes, maxInflateRatio: ZIP_INFLATE_RATIO, ratioFloorBytes: ZIP_RATIO_FLOOR_BYTES };
}

/** A summary with nothing known yet: the engine's notices fill it in as it converts. */
function emptySummary(): ConversionSummary {
  return {
    records: null,
    columns: null,
    formulaGuard: null,
    recordsPath: null,
    leftOut: null,
    duplicateKeys: null,
    loneSurrogates: null,
    reading: null,
    appliedPlan: null,
  };
}

function collectorFor(how: EngineSettings): AnalysisCollector | null {
  return how.direction === 'json-to-csv' && how.analysis ? new AnalysisCollector() : null;
}

function analysisOf(collector: AnalysisCollector | null): AnalysisOutcome | null {
  if (!collector) return null;
  try {
    return { report: collector.report() };
  } catch (error) {
    return { error: error instanceof ConversionError ? error.describe() : 'The analysis could not be completed.' };
  }
}

/**
 * An upload arriving over a port: stored as the original while the engine converts it, the result
 * stored as it comes. Both objects are written by the storage driver here, so the bytes cross from
 * the HTTP thread once. On failure, whatever was stored is deleted.
 */
export async function toStorage(task: StoredConversionTask): Promise<TaskOutcome<StoredConversion>> {
  const storesOriginal = task.input !== undefined;
  const input = task.input ? receiveChunks(task.input) : storedOriginal(task);
  // Object mode hands each chunk on as it came: a byte-mode stream joins the chunks it holds into a new buffer
  // on every read, a copy of the whole upload (and its garbage) for nothing.
  const original = new PassThrough({ objectMode: true, highWaterMark: ORIGINAL_QUEUE_CHUNKS });
  let originalBytes = 0;
  let resultBytes = 0;
  const teed = async function* () {
    try {
      for await (const chunk of input) {
        originalBytes += chunk.length;
        if (storesOriginal && !original.write(chunk)) await once(original, 'drain');
        yield chunk;
      }
      original.end();
    } catch (error) {
      original.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  };
  const summary = emptySummary();
  const collector = collectorFor(task.engine);
  const limited = async function* (output: AsyncIterable<Uint8Array>) {
    for await (const chunk of output) {
      resultBytes += chunk.length;
      if (originalBytes + resultBytes > task.storageLeftBytes) throw new StorageLeftExceededError();
      yield chunk;
    }
  };
  const result = await outcome(async () => {
    const storing = storesOriginal ? storage.put(task.originalKey, original) : Promise.resolve(0);
    try {
      const output = engine(
        await plannedSource(teed(), task, summary, storing),
        task.engine,
        summary,
        collector,
        task.storageLeftBytes,
      );
      // No result file is started for a conversion that fails before its first output.
      await storage.put(task.resultKey, await primed(limited(output)));
    } catch (error) {
      original.destroy();
      await storing.catch(() => {});
      throw originalBytes === 0 ? new EmptyInputError() : error;
    }
    await storing;
    if (originalBytes === 0) throw new EmptyInputError();
    if (originalBytes + resultBytes > task.storageLeftBytes) throw new StorageLeftExceededError();
    return { originalBytes, resultBytes, summary, analysis: analysisOf(collector) };
  });
  input.cancel();
  task.input?.close();
  if (!result.ok) {
    const stored = storesOriginal ? [task.originalKey, task.resultKey] : [task.resultKey];
    await Promise.all(stored.map((key) => storage.delete(key))).catch(() => {});
  }
  return result;
}

/**
 * An input stored already (a batch file), read here; the bytes read so far are kept in `task.bytesRead`.
 * Opened on the first read, so a failure to open it is the conversion's failure like any other.
 */
function storedOriginal(task: StoredConversionTask): AsyncIterable<Uint8Array> & { cancel(): void } {
  const counted = async function* () {
    const source = (await storage.get(task.originalKey)) as AsyncIterable<Uint8Array>;
    for await (const chunk of source) {
      if (task.bytesRead) Atomics.add(task.bytesRead, 0, BigInt(chunk.length));
      yield chunk;
    }
  };
  const chunks = counted();
  return Object.assign(chunks, { cancel: () => void chunks.return(undefined) });
}

/**
 * The bytes a stored conversion converts: the upload as it arrives, or for `plan=auto` the stored original read
 * again, once the upload has been profiled on its way to storage (`stored`; a batch file, stored already, is
 * profiled as it is read) and the proposal put in the summary, from which `engine` takes it.
 */
async function plannedSource(
  upload: AsyncIterable<Uint8Array>,
  task: StoredConversionTask,
  summary: ConversionSummary,
  stored: Promise<number>,
): Promise<ByteSource> {
  const how = task.engine;
  if (how.direction !== 'json-to-csv' || how.autoPlan !== true) return upload;
  const chunks = upload[Symbol.asyncIterator]();
  // Without `return`, a profile that stops reading early does not close the upload: the rest still goes to storage.
  summary.appliedPlan = await proposeWholePlan({ [Symbol.asyncIterator]: () => ({ next: () => chunks.next() }) }, how);
  for (let next = await chunks.next(); !next.done; next = await chunks.next());
  await stored;
  return (await storage.get(task.originalKey)) as AsyncIterable<Uint8Array>;
}

/** Input and output both streamed over ports (a download answered while it converts). */
export async function toStream(task: StreamedConversionTask): Promise<TaskOutcome<ConversionSummary>> {
  const input = receiveChunks(task.input);
  const summary = emptySummary();
  const result = await outcome(async () => {
    await sendChunks(task.output, engine(input, task.engine, summary, null));
    return summary;
  });
  input.cancel();
  task.input.close();
  task.output.close();
  return result;
}

/** A small input converted in one piece. */
export async function toBytes(task: BytesConversionTask): Promise<TaskOutcome<Uint8Array>> {
  return outcome(() => buffer(engine([task.input], task.engine, emptySummary(), null)));
}

/** A small CSV converted in one piece, with how it was read (its dialect, what was recovered or left out). */
export async function toBytesRead(task: BytesConversionTask): Promise<TaskOutcome<ReadConversion>> {
  return outcome(async () => {
    if (task.engine.direction !== 'csv-to-json') throw new Error('toBytesRead reads CSV only');
    const { reading, onNotice } = csvReadingCollector();
    const bytes = await buffer(tablesToJson([task.input], task.engine, Number.POSITIVE_INFINITY, onNotice));
    return { bytes, reading };
  });
}

/** The round-trip comparison and the analysis of the original, each in a streamed pass. */
export async function compare(task: ComparisonTask): Promise<TaskOutcome<Comparison>> {
  followPoolPriority();
  return outcome(async () => {
    const [comparison, report] = await Promise.all([
      compareRoundTrip([task.originalJson], [task.convertedCsv], {
        ...(task.delimiter === undefined ? {} : { delimiter: task.delimiter }),
        ...(task.plan === undefined ? {} : { plan: task.plan }),
        // A comparison reads at most COMPARE_MAX_BYTES of text a side: a ZIP's tables are its text.
        zipLimits: zipLimits(COMPARE_MAX_BYTES),
        ...(task.excelSafe === undefined ? {} : { excelSafe: task.excelSafe }),
      }),
      analyzeJson([task.originalJson]),
    ]);
    return { comparison, report };
  });
}

const PLAN_SLICE_BYTES = 64 * 1024;

/**
 * A JSON input streamed in, profiled until the sample is complete (the rest is not read), and the plan
 * proposed from the profile.
 */
export async function plan(task: PlanTask): Promise<TaskOutcome<PlanAnswer>> {
  const input = receiveChunks(task.input);
  const result = await outcome(async () => {
    let bytes = 0;
    // The engine looks at the sample's count between chunks: slices of a big chunk (views, not copies)
    // keep it from profiling far past the sample.
    const counted = async function* () {
      for await (const chunk of input) {
        bytes += chunk.length;
        for (let at = 0; at < chunk.length; at += PLAN_SLICE_BYTES) yield chunk.subarray(at, at + PLAN_SLICE_BYTES);
      }
    };
    const profile = await profileJson(counted(), {
      maxRecords: task.maxRecords,
      ...(task.recordsPath === undefined ? {} : { recordsPath: task.recordsPath }),
    });
    if (bytes === 0) throw new EmptyInputError();
    return {
      proposal: proposePlan(profile, { relational: task.relational === true }),
      records: profile.records,
      sampled: profile.sampled,
      recordsPath: profile.recordsPath,
      recordsShape: profile.recordsShape,
      paths: profile.paths.flatMap((entry) =>
        entry.path !== '' && (entry.kinds.object || entry.kinds.array)
          ? [
              {
                path: entry.path,
                object: Boolean(entry.kinds.object),
                list: Boolean(entry.kinds.array),
                columns: entry.columns.written,
              },
            ]
          : [],
      ),
    };
  });
  input.cancel();
  task.input.close();
  return result;
}
