import type { Notice } from './byte-source.js';
import { type ByteSource, concatBytes } from './byte-source.js';
import type { CellTypingReport } from './csv/column-types.js';
import { type CsvDialect, type DialectPart, isStandardDialect } from './csv/dialect.js';
import { DialectNormalizer } from './csv/dialect-normalizer.js';
import { sniffDialect } from './csv/dialect-sniffer.js';
import { decodeToUtf8 } from './csv/encoding.js';
import { quotesEveryCell } from './csv/foreign-quoting.js';
import type { OmittedNullsSink } from './csv/omitted-nulls.js';
import { RecordConverter } from './csv/record-converter.js';
import { ConversionError } from './errors.js';
import { MIN_OUTPUT_CHUNK, OutputBuffer } from './json-out/output-buffer.js';
import { type CsvToJsonOptions, type NormalizedCsvToJsonOptions, normalizeCsvToJsonOptions } from './options.js';
import { plannedJson } from './plan/planned-csv-to-json.js';
import { createMemorySpool } from './spool.js';
import { Utf8Trust } from './utf8/utf8-trust.js';

/*
 * How CSV is read (the rules a user may need to know):
 * - Encoding: a UTF-8 BOM is dropped; UTF-16LE/BE (BOM, or the NUL pattern of the first 4 KiB)
 *   and single-byte encodings (first 64 KiB not valid UTF-8: Windows-1252 when bytes 0x80-0x9F occur,
 *   else Latin-1, or another that chardet is sure of) are transcoded; `encoding` overrides. Invalid
 *   UTF-8 later in a UTF-8 file fails with INVALID_UTF8 and its position: no silent replacement characters.
 * - Dialect: sniffed from the first 64 KiB only (csv/dialect-sniffer.ts), each part overridable, and
 *   reported as one `dialect` notice. Other dialects than RFC 4180 with a one-byte delimiter are
 *   rewritten to it on the way in (csv/dialect-normalizer.ts), so the fast reader stays as it is.
 * - Quoting: RFC 4180. A quote inside an unquoted cell is literal; text after a closing quote is
 *   kept literally (`"a" b` is `a b`). A quote that is never closed, or whose field passes
 *   `maxFieldBytes`, or whose record comes out with the wrong cell count while its line read with
 *   the quote as a literal has the right one, is read as a literal character (`stray-quote` notice).
 * - Table edges: `skipRows` rows of preamble are left out; `headerRows` rows are stacked into one
 *   header; the header repeated right after itself is dropped; the header repeated later, or a
 *   header-like row after a blank line, ends the records (`second-table` notice with the rows left).
 * - Records: a blank line is skipped when the header has several columns and is a record of
 *   one null (or empty) cell when it has one; without a header it is `[""]`. Ragged rows are
 *   reported; missing cells are null, extra cells go under `_extra_1`, `_extra_2`, ...
 * - Types per cell (unquoted cells only): empty is null, JSON number literals keep their exact text,
 *   `true`/`false` are booleans; JSON array or object text becomes that value, quoted or not.
 *   Per column (`typing`, and by default for a foreign export quoting every cell): see csv/column-types.ts.
 * - Unflatten: see `NestedRecordWriter.writeNode` for the rule when `a` and `a.b` compete.
 */

/** How much UTF-8 input the dialect is sniffed from: only this prefix, never the rest. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Converts CSV bytes to JSON bytes (an array of records, or JSON Lines), streaming: memory stays
 * bounded by the longest record, output comes in chunks of at least 64 KiB. Options are checked
 * here, before any input is read; conversion errors are ConversionErrors with their position.
 */
export function csvToJson(input: ByteSource, options?: CsvToJsonOptions): AsyncIterable<Uint8Array> {
  return convertChecked(input, normalizeCsvToJsonOptions(options));
}

/**
 * `csvToJson` for a reader that only walks the records (the round-trip comparison): members of a nested
 * record holding no value below them are left out instead of written as nulls, and `onOmittedNulls` is
 * told, record by record, how many nulls that was and where (`OmittedNulls`). A wide, sparse CSV then
 * costs its cells, not rows × columns. A flat header is written by the nested writer here, which alone
leaves cells out; under a plan the records are written whole (no call).
 */
export function csvToSparseJson(
  input: ByteSource,
  options: CsvToJsonOptions,
  onOmittedNulls: OmittedNullsSink,
): AsyncIterable<Uint8Array> {
  return convertChecked(input, { ...normalizeCsvToJsonOptions(options), onOmittedNulls });
}

/** What a conversion of one piece of a CSV file tells its caller besides its output (see `csvToJsonPiece`). */
export interface CsvPieceReport {
  /** The header's names as the records' keys, once the input has ended. */
  headers: string[];
  /** Rows read right after a blank line: the first record's types decided whether each began a second table. */
  rowsAfterBlank: number;
  /**
   * Whether the input read so far ends with a whole record; set once the converter is made, so that the source
   * of the input can read on past the end of its piece to the end of a record cut there.
   */
  betweenRecords: () => boolean;
}

/**
 * `csvToJson` for one piece of a file converted in parts (`@unnest/engine/node`): fills `report` when the input
 * has ended, so that the parts can be checked against each other. Per-column typing and plans are not for
 * pieces (they read the whole input first).
 */
export function csvToJsonPiece(
  input: ByteSource,
  options: CsvToJsonOptions,
  report: CsvPieceReport,
): AsyncIterable<Uint8Array> {
  const normalized = normalizeCsvToJsonOptions(options);
  if (normalized.plan !== undefined || normalized.typing === 'per-column') {
    throw new ConversionError('INVALID_OPTION', 'A piece of a CSV file is converted without a plan, typed per cell');
  }
  return convert(input, normalized, report);
}

function convertChecked(input: ByteSource, normalized: NormalizedCsvToJsonOptions): AsyncIterable<Uint8Array> {
  if (normalized.delimiter !== undefined && [...normalized.delimiter].some((ch) => ch.charCodeAt(0) > 0x7f)) {
    throw new ConversionError('INVALID_OPTION', 'The CSV delimiter must be an ASCII character');
  }
  const plan = normalized.plan;
  if (plan === undefined) return convert(input, normalized);
  // Under a plan the table is read flat (each row by header, cells typed as usual), then shaped by the plan.
  const flat = {
    ...normalized,
    unflatten: false,
    ndjson: true,
    header: true,
    reuseChunks: false,
    plan: undefined,
    onOmittedNulls: undefined,
  };
  return plannedJson(convert(input, flat), plan, normalized.separator, normalized.pretty);
}

/** The parts of the dialect given by hand; the others are sniffed. */
function givenParts(options: NormalizedCsvToJsonOptions): Partial<CsvDialect> {
  const given: Partial<CsvDialect> = { headerRows: options.headerRows };
  if (options.delimiter !== undefined) given.delimiter = options.delimiter;
  if (options.quote !== undefined) given.quote = options.quote;
  if (options.escape !== undefined) given.escape = options.escape;
  if (options.skipRows !== undefined) given.skipRows = options.skipRows;
  return given;
}

/** The dialect a CSV is read with, and how its cells are typed: decided from the start of the input. */
interface Reading {
  dialect: CsvDialect;
  /** The delimiter the records are parsed with (one byte: longer ones are normalized to `,`). */
  delimiter: string;
  /** Rewrites other dialects than RFC 4180 to it; a fresh one for each pass over the input. */
  normalizer: () => DialectNormalizer | undefined;
  typing: CellTypingReport;
}

async function* convert(
  input: ByteSource,
  options: NormalizedCsvToJsonOptions,
  report?: CsvPieceReport,
): AsyncGenerator<Uint8Array> {
  const trust = new Utf8Trust(options.isUtf8);
  const given = givenParts(options);
  const sniffs = SNIFFED_PARTS.some((part) => given[part] === undefined);
  // `auto` typing looks at the first rows, so it waits for them even when the whole dialect is given.
  const samples = sniffs || (options.typing === 'auto' && options.header);
  let encoding = { name: 'utf-8', confidence: 1 };
  const onNotice = (notice: Notice): void => {
    if (notice.kind === 'encoding') encoding = { name: notice.encoding, confidence: notice.confidence ?? 1 };
    options.onNotice?.(notice);
  };
  const chunks = decodeToUtf8(input, { ...options, onNotice })[Symbol.asyncIterator]();
  const sample: Uint8Array[] = [];
  let sampleSize = 0;
  let complete = false;
  do {
    const next = await chunks.next();
    if (next.done === true) {
      complete = true;
      break;
    }
    trust.accept(next.value);
    sample.push(next.value);
    sampleSize += next.value.length;
  } while (samples && sampleSize < SNIFF_BYTES);
  const reading = startReading(concatBytes(sample), complete, given, options, encoding);
  const rest = remaining(chunks, trust);
  if (reading.typing.typing === 'per-column') {
    yield* typedPerColumn(sample, rest, reading, options, trust);
    return;
  }
  options.onNotice?.({ kind: 'column-types', ...reading.typing });
  const out = new OutputBuffer();
  const normalizer = reading.normalizer();
  const { skipRows, headerRows } = reading.dialect;
  const converter = new RecordConverter(out, options, reading.delimiter, trust, skipRows, headerRows);
  if (report !== undefined) report.betweenRecords = () => converter.betweenRecords;
  for (const chunk of sample) converter.push(normalizer ? normalizer.push(chunk) : chunk);
  for (const output of out.take(MIN_OUTPUT_CHUNK)) {
    yield output;
    if (options.reuseChunks) out.recycle(output);
  }
  for await (const chunk of rest) {
    converter.push(normalizer ? normalizer.push(chunk) : chunk);
    for (const output of out.take(MIN_OUTPUT_CHUNK)) {
      yield output;
      // Asked for the next chunk: with `reuseChunks` the consumer is done with this one.
      if (options.reuseChunks) out.recycle(output);
    }
  }
  if (normalizer) converter.push(normalizer.end());
  converter.end();
  if (report !== undefined) {
    report.headers = converter.headers;
    report.rowsAfterBlank = converter.rowsAfterBlank;
  }
  for (const output of out.take(0)) yield output;
}

/** The rest of the decoded input, each chunk checked by `trust` as it comes; `trust` ends with it. */
async function* remaining(chunks: AsyncIterator<Uint8Array>, trust: Utf8Trust): AsyncGenerator<Uint8Array> {
  for (;;) {
    const next = await chunks.next();
    if (next.done === true) break;
    trust.accept(next.value);
    yield next.value;
  }
  trust.end();
}

const SNIFFED_PARTS = ['delimiter', 'quote', 'escape', 'skipRows'] as const;

/** Decides the dialect (reported as a `dialect` notice) and the typing from the sample. */
function startReading(
  sample: Uint8Array,
  complete: boolean,
  given: Partial<CsvDialect>,
  options: NormalizedCsvToJsonOptions,
  encoding: { name: string; confidence: number },
): Reading {
  const sniffs = SNIFFED_PARTS.some((part) => given[part] === undefined);
  const sniffed = sniffs ? sniffDialect(sample, complete, given) : undefined;
  const dialect: CsvDialect = sniffed?.dialect ?? {
    delimiter: given.delimiter ?? ',',
    quote: given.quote ?? '"',
    escape: given.escape ?? null,
    skipRows: given.skipRows ?? 0,
    headerRows: options.headerRows,
  };
  const givenList: DialectPart[] = SNIFFED_PARTS.filter((part) => given[part] !== undefined);
  if (options.headerRows !== 1) givenList.push('headerRows');
  if (options.encoding !== undefined) givenList.push('encoding');
  const confidence = Math.min(sniffed?.confidence ?? 1, encoding.confidence);
  options.onNotice?.({
    kind: 'dialect',
    dialect: { ...dialect, encoding: encoding.name, confidence, given: givenList },
  });
  const standard = isStandardDialect(dialect);
  const normalizer = () => (standard ? undefined : new DialectNormalizer(dialect));
  const delimiter = normalizer()?.delimiter ?? dialect.delimiter;
  return { dialect, delimiter, normalizer, typing: decideTyping(sample, complete, dialect, delimiter, options) };
}

/** `auto` is per column for a foreign export quoting every cell, per cell otherwise; without a header, strings. */
function decideTyping(
  sample: Uint8Array,
  complete: boolean,
  dialect: CsvDialect,
  delimiter: string,
  options: NormalizedCsvToJsonOptions,
): CellTypingReport {
  if (!options.header || options.typing === 'strings') return { typing: 'strings', reason: 'given', columns: [] };
  if (options.typing !== 'auto') return { typing: options.typing, reason: 'given', columns: [] };
  const normalizer = isStandardDialect(dialect) ? undefined : new DialectNormalizer(dialect);
  const rows = normalizer
    ? concatBytes([normalizer.push(sample), complete ? normalizer.end() : new Uint8Array(0)])
    : sample;
  const foreign = quotesEveryCell(rows, delimiter.charCodeAt(0), dialect.skipRows, options.maxFieldBytes, complete);
  return foreign
    ? { typing: 'per-column', reason: 'every-cell-quoted', columns: [] }
    : { typing: 'per-cell', reason: 'default', columns: [] };
}

/**
 * Per-column typing in two passes: the first counts each column's cells while the (normalized) input is kept in
 * the spool, the second converts what the spool gives back with each column's type. Memory stays bounded as in
 * one pass; the spool (a file under Node) holds the input once.
 */
async function* typedPerColumn(
  sample: Uint8Array[],
  rest: AsyncIterable<Uint8Array>,
  reading: Reading,
  options: NormalizedCsvToJsonOptions,
  trust: Utf8Trust,
): AsyncGenerator<Uint8Array> {
  const spool = await (options.spool ?? createMemorySpool)();
  try {
    const { skipRows, headerRows } = reading.dialect;
    const quiet = { ...options, onNotice: undefined };
    const counting = new RecordConverter(new OutputBuffer(), quiet, reading.delimiter, trust, skipRows, headerRows, {
      kind: 'count',
    });
    const normalizer = reading.normalizer();
    const keep = async (chunk: Uint8Array): Promise<void> => {
      // A copy: the spool keeps what it is given, and neither the decoder's nor the normalizer's chunks are ours.
      const bytes = (normalizer ? normalizer.push(chunk) : chunk).slice();
      counting.push(bytes);
      await spool.write(bytes);
    };
    for (const chunk of sample) await keep(chunk);
    for await (const chunk of rest) await keep(chunk);
    if (normalizer) {
      const last = normalizer.end().slice();
      counting.push(last);
      await spool.write(last);
    }
    counting.end();
    const tally = counting.tally;
    const types = tally?.types() ?? new Uint8Array(0);
    const columns = tally?.decisions(counting.headers, types) ?? [];
    options.onNotice?.({ kind: 'column-types', ...reading.typing, columns });
    const out = new OutputBuffer();
    const again = new Utf8Trust(options.isUtf8);
    const delimiter = reading.delimiter;
    const converter = new RecordConverter(out, options, delimiter, again, skipRows, headerRows, {
      kind: 'apply',
      types,
    });
    for await (const chunk of spool.read()) {
      again.accept(chunk);
      converter.push(chunk);
      for (const output of out.take(MIN_OUTPUT_CHUNK)) yield output;
    }
    again.end();
    converter.end();
    for (const output of out.take(0)) yield output;
  } finally {
    await spool.dispose();
  }
}

/** Converts a CSV string to JSON text: the browser-friendly form of `csvToJson`. */
export async function csvToJsonText(csv: string, options?: CsvToJsonOptions): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of csvToJson([new TextEncoder().encode(csv)], options)) chunks.push(chunk);
  return new TextDecoder().decode(concatBytes(chunks));
}
