import type { ConversionAnalysis } from './analysis/record-visitor.js';
import type { ConversionHooks } from './byte-source.js';
import { ConversionError } from './errors.js';
import { TOP_LEVEL } from './json/records-path.js';
import { checkFlattenPlan, type FlattenPlan } from './plan/flatten-plan.js';
import type { SpoolFactory } from './spool.js';

/** How arrays inside records become cells. */
export type ArrayStrategy = 'index' | 'json' | 'join' | 'explode';
/** The file format json2csv writes. */
export type TableFormat = 'csv' | 'tsv' | 'xlsx';

/** Options of json -> csv. Every field is optional; `normalizeJsonToCsvOptions` fills defaults. */
export interface JsonToCsvOptions extends ConversionHooks {
  /** Cell delimiter, one character (default `,`; TSV forces tab). */
  delimiter?: string;
  /** Joins nested keys (default `.`). */
  separator?: string;
  /** Array handling (default `index`). */
  arrays?: ArrayStrategy;
  /** Dot path of the records array inside a top-level object; auto-detected when absent. */
  recordsPath?: string;
  /** Line ending (default `lf`). */
  eol?: 'lf' | 'crlf';
  /** Starts the output with a UTF-8 byte order mark, for Excel. */
  bom?: boolean;
  /** Prefixes text cells starting with = + - @ tab or CR with `'` so spreadsheets do not run them. */
  excelSafe?: boolean;
  /** Output format (default `csv`). */
  format?: TableFormat;
  /** Deepest nesting accepted (default 1,000; at most 10,000). */
  maxDepth?: number;
  /** Where output waits until the header is known (default: memory). */
  spool?: SpoolFactory;
  /**
   * Also feeds every record to this visitor (an `AnalysisCollector` made with the same `separator`) in the
   * same pass over the input, so a conversion can report the data's schema and quality without reading the
   * file twice.
   */
  analysis?: ConversionAnalysis;
  /**
   * A strategy per path (see `FlattenPlan`): paths it names override `arrays`, and its `records` say where
   * the records are (and whether they are a map's members). `proposePlan` makes one from a profile.
   */
  plan?: FlattenPlan;
}

/** Options of csv -> json. */
export interface CsvToJsonOptions extends ConversionHooks {
  /** `auto` sniffs among `,` `;` tab `|` (default); otherwise one character. */
  delimiter?: string;
  /** Infer numbers, booleans, null and JSON containers (default true); false keeps every value a string. */
  types?: boolean;
  /** Turn `a.b` / `a.0` headers into nested objects and arrays (default true). */
  unflatten?: boolean;
  /** Write JSON Lines instead of one array. */
  ndjson?: boolean;
  /** Indent the JSON with two spaces. */
  pretty?: boolean;
  /** Splits headers into nested keys (default `.`). */
  separator?: string;
  /** Undo the spreadsheet formula guard (strip the `'` json2csv --excel-safe adds). */
  excelSafe?: boolean;
  /** The first row is data: each row becomes an array of strings. */
  header?: boolean;
  /** Largest field accepted, in bytes (default 16 MiB); an unclosed quote fails once it is passed. */
  maxFieldBytes?: number;
  /**
   * Each output chunk is valid only until the next one is asked for: its memory is then written again.
   * For consumers that are done with a chunk once they ask for the next (a synchronous file write); not
   * for a stream that queues chunks. Saves allocating and zeroing memory for every chunk.
   */
  reuseChunks?: boolean;
  /**
   * Reads the table back under the plan it was written with: joined cells split, exploded rows gathered into
   * their record, a map's key column made keys again. Output is then one JSON array (or, for map records, one
   * object); `ndjson`, `unflatten: false`, `header: false` and `reuseChunks` do not apply.
   */
  plan?: FlattenPlan;
}

export const DEFAULT_MAX_DEPTH = 1000;
export const MAX_MAX_DEPTH = 10_000;
export const DEFAULT_MAX_FIELD_BYTES = 16 * 1024 * 1024;
export const SNIFFED_DELIMITERS = [',', ';', '\t', '|'] as const;

export type NormalizedJsonToCsvOptions = Required<
  Omit<JsonToCsvOptions, 'recordsPath' | 'spool' | 'onProgress' | 'onNotice' | 'analysis' | 'isUtf8' | 'plan'>
> &
  Pick<JsonToCsvOptions, 'recordsPath' | 'spool' | 'onProgress' | 'onNotice' | 'analysis' | 'isUtf8' | 'plan'>;

export type NormalizedCsvToJsonOptions = Required<
  Omit<CsvToJsonOptions, 'delimiter' | 'onProgress' | 'onNotice' | 'isUtf8' | 'plan'>
> &
  Pick<CsvToJsonOptions, 'onProgress' | 'onNotice' | 'isUtf8' | 'plan'> & {
    /** `undefined` means sniff. */
    delimiter: string | undefined;
  };

function invalid(message: string): never {
  throw new ConversionError('INVALID_OPTION', message);
}

/** Accepts `\t`, `tab` and single characters; rejects quotes, line breaks and longer strings. */
export function parseDelimiter(value: string): string {
  const delimiter = value === '\\t' || value.toLowerCase() === 'tab' ? '\t' : value;
  if ([...delimiter].length !== 1) invalid(`Delimiter must be one character, got "${value}"`);
  if (delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
    invalid(`Delimiter cannot be a quote or a line break`);
  }
  return delimiter;
}

function checkSeparator(separator: string): string {
  if (separator.length === 0) invalid('Separator must not be empty');
  if (separator.includes('\\')) invalid('Separator must not contain a backslash');
  if (/^[0-9]/.test(separator)) invalid('Separator must not start with a digit');
  return separator;
}

/** Validates json -> csv options once and fills in defaults. */
export function normalizeJsonToCsvOptions(options: JsonToCsvOptions = {}): NormalizedJsonToCsvOptions {
  const format = options.format ?? 'csv';
  if (format !== 'csv' && format !== 'tsv' && format !== 'xlsx') invalid(`Unknown format "${format}"`);
  const arrays = options.arrays ?? 'index';
  if (!['index', 'json', 'join', 'explode'].includes(arrays)) invalid(`Unknown array strategy "${arrays}"`);
  const eol = options.eol ?? 'lf';
  if (eol !== 'lf' && eol !== 'crlf') invalid(`Line ending must be lf or crlf, got "${eol}"`);
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > MAX_MAX_DEPTH) {
    invalid(`maxDepth must be a whole number from 1 to ${MAX_MAX_DEPTH}`);
  }
  const plan = options.plan === undefined ? undefined : checkFlattenPlan(options.plan);
  const planned = plan?.records?.path;
  let recordsPath = options.recordsPath;
  if (recordsPath !== undefined && recordsPath.trim() === '') invalid('Records path must not be empty');
  // `.` names the top-level object, as a plan's empty path does.
  if (recordsPath === TOP_LEVEL) recordsPath = '';
  if (planned !== undefined) {
    if (recordsPath !== undefined && recordsPath !== planned) {
      invalid(`The records path "${recordsPath}" differs from the plan's "${planned}"`);
    }
    recordsPath = planned;
  }
  return {
    delimiter: format === 'tsv' ? '\t' : parseDelimiter(options.delimiter ?? ','),
    separator: checkSeparator(options.separator ?? '.'),
    arrays,
    recordsPath,
    eol,
    bom: options.bom ?? false,
    excelSafe: options.excelSafe ?? false,
    format,
    maxDepth,
    spool: options.spool,
    analysis: options.analysis,
    plan,
    onProgress: options.onProgress,
    onNotice: options.onNotice,
    isUtf8: options.isUtf8,
  };
}

/** Validates csv -> json options once and fills in defaults. */
export function normalizeCsvToJsonOptions(options: CsvToJsonOptions = {}): NormalizedCsvToJsonOptions {
  const raw = options.delimiter ?? 'auto';
  const maxFieldBytes = options.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES;
  if (!Number.isInteger(maxFieldBytes) || maxFieldBytes < 1) invalid('maxFieldBytes must be a positive whole number');
  return {
    delimiter: raw === 'auto' ? undefined : parseDelimiter(raw),
    types: options.types ?? true,
    unflatten: options.unflatten ?? true,
    ndjson: options.ndjson ?? false,
    pretty: options.pretty ?? false,
    separator: checkSeparator(options.separator ?? '.'),
    excelSafe: options.excelSafe ?? false,
    header: options.header ?? true,
    maxFieldBytes,
    reuseChunks: options.reuseChunks ?? false,
    plan: options.plan === undefined ? undefined : checkFlattenPlan(options.plan),
    onProgress: options.onProgress,
    onNotice: options.onNotice,
    isUtf8: options.isUtf8,
  };
}
