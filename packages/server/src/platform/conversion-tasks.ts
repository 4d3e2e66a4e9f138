import type { MessagePort } from 'node:worker_threads';
import type { ProfiledPath, ResultFormat } from '@unnest/contracts';
import {
  type AnalysisReport,
  type ArrayStrategy,
  type CellTyping,
  type ComparisonReport,
  ConversionError,
  type ConversionErrorCode,
  type FlattenPlan,
  type FormulaGuardReport,
  type InputPosition,
  type LeftOutNotice,
  type NotedCellsReport,
  type PlanProposal,
  type RepeatedKeys,
  type TableFormat,
} from '@unnest/engine';
import type { S3Config } from '../config.js';
import { ChunkStreamAborted } from './chunk-channel.js';
import type { CsvReading } from './csv-reading.js';
import { StoredObjectMissingError } from './storage/storage-driver.js';

/**
 * What crosses between the HTTP thread and the conversion workers: tasks, their answers, and failures
 * as plain data (a thrown error loses its class and fields on the way, so it is sent as data and
 * rebuilt on the HTTP thread).
 */

/** What every worker is started with. */
export interface ConversionWorkerData {
  /**
   * The same storage as the HTTP thread's: the worker writes the files itself. `directWrites` is the HTTP
   * thread's verdict for the folder (configured on, and taken by its file system).
   */
  storage: { kind: 'local'; root: string; directWrites?: boolean } | { kind: 's3'; config: S3Config };
  /** Where the engine spools rows until the CSV header is known. */
  spoolDir: string;
  /** Bulk lane only: the nice value (above the process's) the pool asks its threads to run at now. */
  niceValue?: Int32Array;
  /** The largest relational ZIP read back (held whole in memory: its directory is at its end). */
  maxRelationalZipBytes: number;
}

/**
 * How the engine runs: JSON to a table (with the analysis when asked), JSON to linked tables (`relational`:
 * a ZIP of tables, or one workbook for `xlsx`), or CSV to JSON (a relational ZIP, known by its first bytes,
 * is read back whole).
 */
export type EngineSettings =
  | {
      direction: 'json-to-csv';
      format: TableFormat;
      delimiter: string;
      arrays: ArrayStrategy;
      bom: boolean;
      excelSafe: boolean;
      /** Each array's columns together (a single table only: relational output leaves it aside). */
      groupArrayColumns?: boolean;
      /** Collect the schema and quality report in the same pass. */
      analysis: boolean;
      /** A strategy per path (checked on the HTTP thread already; the engine checks it again). */
      plan?: FlattenPlan;
      /** Where the records are, when the request said. */
      recordsPath?: string;
      /** Every `table` path of the plan in a table of its own (no analysis is made then). */
      relational?: boolean;
      /**
       * `plan=auto`: the whole input profiled first and the proposal (relational when `relational`) applied
       * instead of `plan`; the summary's `appliedPlan` says what it decided.
       */
      autoPlan?: true;
    }
  | {
      direction: 'csv-to-json';
      delimiter?: string;
      /** The CSV dialect given by hand (each part sniffed when absent) and the encoding. */
      quote?: string;
      escape?: string;
      skipRows?: number;
      headerRows?: number;
      encoding?: string;
      /** How the JSON is written and the headers become keys (the CLI's csv2json flags; engine defaults). */
      pretty?: boolean;
      ndjson?: boolean;
      unflatten?: boolean;
      separator?: string;
      header?: boolean;
      plan?: FlattenPlan;
      /** How cells are typed (default auto; a relational ZIP is always read per cell). */
      typing?: CellTyping;
      /** Undo the formula guard (a relational ZIP says itself how it was written unless this says). */
      excelSafe?: boolean;
      /** The input is a relational ZIP (named .zip): anything else is refused. */
      relational?: boolean;
      /**
       * Most bytes a relational ZIP's files may unpack to, all together: the plan's file size (a stored
       * conversion's storage left bounds them too). Every ZIP is also held to ZIP_INFLATE_RATIO.
       */
      maxInflatedBytes?: number;
    };

/**
 * A ZIP the server reads may unpack to at most this many times its own size, beyond ZIP_RATIO_FLOOR_BYTES.
 * Tables of CSV deflate 5 to 20 times; a file of one row repeated a few hundred; a ZIP bomb a thousand.
 */
export const ZIP_INFLATE_RATIO = 100;
/** What any ZIP may unpack to whatever its ratio, so that a small export of repetitive rows still reads. */
export const ZIP_RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

/** What the engine writes under these settings: `zip` for relational CSV or TSV tables. */
export function resultFormat(engine: EngineSettings): ResultFormat {
  if (engine.direction === 'csv-to-json') return 'json';
  return engine.relational === true && engine.format !== 'xlsx' ? 'zip' : engine.format;
}

/** The report of a conversion's analysis, or why it could not be made (the conversion stands). */
export type AnalysisOutcome = { report: AnalysisReport } | { error: string };

export interface ConversionSummary {
  records: number | null;
  columns: number | null;
  /** What the formula guard changed; null when it was off (or the output is JSON or XLSX). */
  formulaGuard: FormulaGuardReport | null;
  /** Where auto-detection found the records (JSON input with no records path given). */
  recordsPath: string | null;
  /** What the conversion left out of the document, by name and size (JSON input only). */
  leftOut: LeftOutNotice | null;
  /** Records that held a key twice in one object (JSON input only). */
  duplicateKeys: RepeatedKeys | null;
  /** Strings whose lone surrogate escapes were written as U+FFFD, all tables together (JSON input only). */
  loneSurrogates: NotedCellsReport | null;
  /** How a CSV was read (its dialect null for a relational ZIP); null for JSON input. */
  reading: CsvReading | null;
  /** `autoPlan`: the proposal applied; null otherwise. */
  appliedPlan: PlanProposal | null;
}

/** An upload streamed in over `input`; the worker stores it and the result itself. */
export interface StoredConversionTask {
  engine: EngineSettings;
  /**
   * The upload as it arrives, stored under `originalKey` while it converts. Absent when the input is
   * stored already under `originalKey` (a batch file): the worker then reads it from storage itself, so
   * its bytes never cross the thread that queued the task, and neither stores it again nor deletes it.
   */
  input?: MessagePort;
  originalKey: string;
  resultKey: string;
  /** Storage the account has left: the original and the result together may use at most this. */
  storageLeftBytes: number;
  /** With no `input`: the worker keeps the bytes it has read of the original here (progress; one BigInt64). */
  bytesRead?: BigInt64Array;
}

export interface StoredConversion {
  originalBytes: number;
  resultBytes: number;
  summary: ConversionSummary;
  analysis: AnalysisOutcome | null;
}

/** Input streamed in over `input`, output streamed back over `output`. */
export interface StreamedConversionTask {
  engine: EngineSettings;
  input: MessagePort;
  output: MessagePort;
}

/** A small input in one piece (quick convert, pasted CSV), answered in one piece. */
export interface BytesConversionTask {
  engine: EngineSettings;
  input: Uint8Array;
}

/** A small CSV converted in one piece, with how it was read. */
export interface ReadConversion {
  bytes: Uint8Array;
  reading: CsvReading;
}

/** The round-trip comparison of a JSON text and the CSV made from it, with the JSON's analysis. */
export interface ComparisonTask {
  originalJson: Uint8Array;
  convertedCsv: Uint8Array;
  delimiter?: string;
  /** The plan the CSV was written with: it is read back under it. */
  plan?: FlattenPlan;
  /** The CSV was written with the formula guard: it is read back with the guard undone (see CompareOptions). */
  excelSafe?: boolean;
}

/** A JSON input streamed in over `input`, profiled (a sample of it) for a proposed flattening plan. */
export interface PlanTask {
  input: MessagePort;
  recordsPath?: string;
  /** Records profiled at most. */
  maxRecords: number;
  /** Propose for relational output: lists of objects and maps of records in tables of their own. */
  relational?: boolean;
}

/** The proposal and what it was made from. */
export interface PlanAnswer {
  proposal: PlanProposal;
  records: number;
  sampled: boolean;
  recordsPath: string | null;
  recordsShape: 'array' | 'map';
  /** Every path of the profile that held an object or a list (what a plan can give a strategy). */
  paths: ProfiledPath[];
}

export interface Comparison {
  comparison: ComparisonReport;
  report: AnalysisReport;
}

/** Why a task failed, as data. */
export type TaskFailure =
  | { kind: 'conversion'; code: ConversionErrorCode; message: string; position: InputPosition }
  | { kind: 'empty-input' }
  | { kind: 'storage-limit' }
  | { kind: 'input-stopped' }
  /** The stored input a worker was to read (a batch file's original) is gone. */
  | { kind: 'stored-object-missing'; key: string }
  | { kind: 'internal'; message: string; errno?: string };

export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; failure: TaskFailure };

/** An input with no bytes at all: the caller answers with its own text. */
export class EmptyInputError extends Error {
  constructor() {
    super('The input is empty');
    this.name = 'EmptyInputError';
  }
}

/** The result would not fit in the account's remaining storage. */
export class StorageLeftExceededError extends Error {
  constructor() {
    super('The result does not fit in the remaining storage');
    this.name = 'StorageLeftExceededError';
  }
}

/** The failure of a task as data (in the worker). */
export function describeFailure(error: unknown): TaskFailure {
  if (error instanceof ConversionError) {
    const position: InputPosition = {};
    if (error.line !== undefined) position.line = error.line;
    if (error.column !== undefined) position.column = error.column;
    if (error.record !== undefined) position.record = error.record;
    if (error.offset !== undefined) position.offset = error.offset;
    return { kind: 'conversion', code: error.code, message: error.message, position };
  }
  if (error instanceof EmptyInputError) return { kind: 'empty-input' };
  if (error instanceof ChunkStreamAborted) return { kind: 'input-stopped' };
  if (error instanceof StorageLeftExceededError) return { kind: 'storage-limit' };
  if (error instanceof StoredObjectMissingError) return { kind: 'stored-object-missing', key: error.key };
  const message = error instanceof Error ? error.message : String(error);
  // A system error's code (ENOSPC, ECONNREFUSED...) decides the answer on the HTTP thread (507, 503).
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof errno === 'string' ? { kind: 'internal', message, errno } : { kind: 'internal', message };
}

/** The error a failure stands for (on the HTTP thread): the engine's positioned error rebuilt as it was. */
export function failureError(failure: TaskFailure): Error {
  switch (failure.kind) {
    case 'conversion':
      return new ConversionError(failure.code, failure.message, failure.position);
    case 'empty-input':
      return new EmptyInputError();
    case 'storage-limit':
      return new StorageLeftExceededError();
    case 'input-stopped':
      return new Error('the input stream stopped before its end');
    case 'stored-object-missing':
      return new StoredObjectMissingError(failure.key);
    case 'internal': {
      const error: NodeJS.ErrnoException = new Error(`conversion worker: ${failure.message}`);
      if (failure.errno !== undefined) error.code = failure.errno;
      return error;
    }
  }
}
