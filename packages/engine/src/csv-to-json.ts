import type { Notice } from './byte-source.js';
import { type ByteSource, concatBytes } from './byte-source.js';
import { type CsvDialect, type DialectPart, isStandardDialect } from './csv/dialect.js';
import { DialectNormalizer } from './csv/dialect-normalizer.js';
import { sniffDialect } from './csv/dialect-sniffer.js';
import { decodeToUtf8 } from './csv/encoding.js';
import type { OmittedNullsSink } from './csv/omitted-nulls.js';
import { RecordConverter } from './csv/record-converter.js';
import { ConversionError } from './errors.js';
import { MIN_OUTPUT_CHUNK, OutputBuffer } from './json-out/output-buffer.js';
import { type CsvToJsonOptions, type NormalizedCsvToJsonOptions, normalizeCsvToJsonOptions } from './options.js';
import { plannedJson } from './plan/planned-csv-to-json.js';
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
 * - Types (unquoted cells only): empty is null, JSON number literals keep their exact text,
 *   `true`/`false` are booleans; JSON array or object text becomes that value, quoted or not.
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

async function* convert(input: ByteSource, options: NormalizedCsvToJsonOptions): AsyncGenerator<Uint8Array> {
  const out = new OutputBuffer();
  const trust = new Utf8Trust(options.isUtf8);
  const given = givenParts(options);
  const parts = ['delimiter', 'quote', 'escape', 'skipRows'] as const;
  const sniffs = parts.some((part) => given[part] === undefined);
  let encoding = { name: 'utf-8', confidence: 1 };
  const onNotice = (notice: Notice): void => {
    if (notice.kind === 'encoding') encoding = { name: notice.encoding, confidence: notice.confidence ?? 1 };
    options.onNotice?.(notice);
  };
  let converter: RecordConverter | undefined;
  let normalizer: DialectNormalizer | undefined;
  const sample: Uint8Array[] = [];
  let sampleSize = 0;
  const start = (complete: boolean): RecordConverter => {
    const sniffed = sniffs ? sniffDialect(concatBytes(sample), complete, given) : undefined;
    const dialect: CsvDialect = sniffed?.dialect ?? {
      delimiter: given.delimiter ?? ',',
      quote: given.quote ?? '"',
      escape: given.escape ?? null,
      skipRows: given.skipRows ?? 0,
      headerRows: options.headerRows,
    };
    const givenList: DialectPart[] = parts.filter((part) => given[part] !== undefined);
    if (options.headerRows !== 1) givenList.push('headerRows');
    if (options.encoding !== undefined) givenList.push('encoding');
    const confidence = Math.min(sniffed?.confidence ?? 1, encoding.confidence);
    options.onNotice?.({
      kind: 'dialect',
      dialect: { ...dialect, encoding: encoding.name, confidence, given: givenList },
    });
    normalizer = isStandardDialect(dialect) ? undefined : new DialectNormalizer(dialect);
    const delimiter = normalizer?.delimiter ?? dialect.delimiter;
    const started = new RecordConverter(out, options, delimiter, trust, dialect.skipRows, dialect.headerRows);
    for (const chunk of sample.splice(0)) started.push(normalizer ? normalizer.push(chunk) : chunk);
    return started;
  };
  for await (const chunk of decodeToUtf8(input, { ...options, onNotice })) {
    trust.accept(chunk);
    if (converter === undefined) {
      sample.push(chunk);
      sampleSize += chunk.length;
      if (sniffs && sampleSize < SNIFF_BYTES) continue;
      converter = start(false);
    } else {
      converter.push(normalizer ? normalizer.push(chunk) : chunk);
    }
    for (const output of out.take(MIN_OUTPUT_CHUNK)) {
      yield output;
      // Asked for the next chunk: with `reuseChunks` the consumer is done with this one.
      if (options.reuseChunks) out.recycle(output);
    }
  }
  trust.end();
  converter ??= start(true);
  if (normalizer) converter.push(normalizer.end());
  converter.end();
  for (const output of out.take(0)) yield output;
}

/** Converts a CSV string to JSON text: the browser-friendly form of `csvToJson`. */
export async function csvToJsonText(csv: string, options?: CsvToJsonOptions): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of csvToJson([new TextEncoder().encode(csv)], options)) chunks.push(chunk);
  return new TextDecoder().decode(concatBytes(chunks));
}
