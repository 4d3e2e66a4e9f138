import type { ConversionAnalysis } from './analysis/record-visitor.js';
import type { ConversionHooks } from './byte-source.js';
import type { CellTyping } from './csv/column-types.js';
import type { OmittedNullsSink } from './csv/omitted-nulls.js';
import { ConversionError } from './errors.js';
import { checkFlattenPlan, type FlattenPlan } from './flatten/flatten-plan.js';
import { TOP_LEVEL } from './json/records-path.js';
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
  /**
   * Keeps each array's columns together (`items.0.*`, `items.1.*`, then `note`) where its first column first
   * appeared, instead of the first-seen order (`items.0.*`, `note`, `items.1.*`); default false. The spooled
   * rows are rewritten once in that order when the input has ended (CSV, TSV and XLSX; `jsonToRelational`
   * leaves it aside: its tables' link columns sit by place).
   */
  groupArrayColumns?: boolean;
}

/** Options of csv -> json. */
export interface CsvToJsonOptions extends ConversionHooks {
  /**
   * `auto` sniffs it (default); otherwise one character, or a text of up to 4 (`, `, `::`); spaces ending a
   * longer text mean "and any spaces after it".
   */
  delimiter?: string;
  /** The quote character, `"` or `'` (default: sniffed). */
  quote?: string;
  /** The character escaping the next one inside quotes (usually `\`), or `none` for doubled quotes (default: sniffed). */
  escape?: string;
  /** Rows before the header to leave out (default: sniffed, a preamble of rows that do not fit the table). */
  skipRows?: number;
  /** Rows making up the header (default 1); several are stacked headers, their names joined per column. */
  headerRows?: number;
  /**
   * The input's encoding: `utf-8`, `utf-16le`, `utf-16be`, `latin1`, `windows-1252`, or another name the
   * platform's TextDecoder knows (default: detected).
   */
  encoding?: string;
  /** Infer numbers, booleans, null and JSON containers (default true); false keeps every value a string. */
  types?: boolean;
  /**
   * How cells are typed (default `auto`): see `CellTyping`. `strings` is `types: false`. `per-column` reads
   * the input twice (the first time only to count each column's cells), keeping it in `spool` meanwhile.
   */
  typing?: CellTyping;
  /** Where the input waits between the two passes of `per-column` typing (default: memory). */
  spool?: SpoolFactory;
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
  Omit<
    CsvToJsonOptions,
    'delimiter' | 'quote' | 'escape' | 'skipRows' | 'encoding' | 'onProgress' | 'onNotice' | 'isUtf8' | 'plan' | 'spool'
  >
> &
  Pick<CsvToJsonOptions, 'onProgress' | 'onNotice' | 'isUtf8' | 'plan' | 'encoding' | 'spool'> & {
    /** `undefined` means sniff, for each of these. */
    delimiter: string | undefined;
    quote: string | undefined;
    escape: string | null | undefined;
    skipRows: number | undefined;
    /** Internal (the comparison's read-back): leave out members holding no value and say what was left out. */
    onOmittedNulls?: OmittedNullsSink | undefined;
  };

/** Most rows a preamble or a stacked header may take. */
export const MAX_SKIP_ROWS = 1000;
export const MAX_HEADER_ROWS = 10;

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

/**
 * The delimiter csv input is read with: as `parseDelimiter`, or a text of 2 to 4 ASCII characters (`, `, `::`)
 * without quotes or line breaks.
 */
export function parseReadDelimiter(value: string): string {
  if ([...value].length <= 1 || value === '\\t') return parseDelimiter(value);
  if (value.toLowerCase() === 'tab') return '\t';
  if (value.length > 4 || !/^[\x20-\x7e\t]+$/.test(value) || /["']/.test(value)) {
    invalid(`Delimiter must be one character or up to 4 ASCII characters without quotes, got "${value}"`);
  }
  return value;
}

function checkQuote(quote: string | undefined, delimiter: string | undefined): string | undefined {
  if (quote === undefined || quote === 'auto') return undefined;
  if (quote !== '"' && quote !== "'") invalid(`Quote must be " or ', got "${quote}"`);
  if (delimiter?.includes(quote)) invalid('The quote cannot be part of the delimiter');
  return quote;
}

function checkEscape(value: string | undefined): string | null | undefined {
  if (value === undefined || value === 'auto') return undefined;
  if (value === 'none' || value === '') return null;
  if (value.length !== 1 || value.charCodeAt(0) < 0x21 || value.charCodeAt(0) > 0x7e) {
    invalid(`Escape must be one ASCII character or "none", got "${value}"`);
  }
  return value;
}

/** An encoding name the reader can decode: `latin1` (ISO-8859-1 as it is) or a TextDecoder label. */
function checkEncoding(encoding: string | undefined): string | undefined {
  if (encoding === undefined || encoding === 'auto') return undefined;
  const name = encoding.trim().toLowerCase();
  if (name === 'latin1' || name === 'iso-8859-1') return 'latin1';
  try {
    return new TextDecoder(name).encoding === 'windows-1252' && name !== 'windows-1252' && name !== 'cp1252'
      ? invalid(`Encoding "${encoding}" is ambiguous: give latin1 or windows-1252`)
      : name;
  } catch {
    return invalid(`Unknown encoding "${encoding}"`);
  }
}

function checkRows(value: number | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max)
    invalid(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

const TYPINGS: readonly CellTyping[] = ['auto', 'per-column', 'per-cell', 'strings'];

/** The typing asked for: `types: false` is `strings`, and contradicts any other typing given. */
function checkTyping(typing: CellTyping | undefined, types: boolean | undefined): CellTyping {
  if (typing !== undefined && !TYPINGS.includes(typing)) {
    invalid(`Typing must be one of ${TYPINGS.join(', ')}, got "${typing}"`);
  }
  if (types === false && typing !== undefined && typing !== 'strings') {
    invalid(`Typing "${typing}" contradicts types: false (every value a string)`);
  }
  return types === false ? 'strings' : (typing ?? 'auto');
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
    groupArrayColumns: options.groupArrayColumns ?? false,
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
  const delimiter = raw === 'auto' ? undefined : parseReadDelimiter(raw);
  const typing = checkTyping(options.typing, options.types);
  return {
    delimiter,
    quote: checkQuote(options.quote, delimiter),
    escape: checkEscape(options.escape),
    skipRows: checkRows(options.skipRows, 'skipRows', 0, MAX_SKIP_ROWS),
    headerRows: checkRows(options.headerRows, 'headerRows', 1, MAX_HEADER_ROWS) ?? 1,
    encoding: checkEncoding(options.encoding),
    types: typing !== 'strings',
    typing,
    spool: options.spool,
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
