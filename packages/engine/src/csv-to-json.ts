import { type ByteSource, concatBytes } from './byte-source.js';
import { sniffDelimiter } from './csv/delimiter-sniffer.js';
import { decodeToUtf8 } from './csv/encoding.js';
import { RecordConverter } from './csv/record-converter.js';
import { ConversionError } from './errors.js';
import { MIN_OUTPUT_CHUNK, OutputBuffer } from './json-out/output-buffer.js';
import { type CsvToJsonOptions, type NormalizedCsvToJsonOptions, normalizeCsvToJsonOptions } from './options.js';
import { plannedJson } from './plan/planned-csv-to-json.js';
import { Utf8Trust } from './utf8/utf8-trust.js';

/*
 * How CSV is read (the rules a user may need to know):
 * - Encoding: a UTF-8 BOM is dropped; UTF-16LE/BE (BOM, or the NUL pattern of the first 4 KiB)
 *   and Windows-1252/Latin-1 (first 64 KiB not valid UTF-8) are transcoded, with an `encoding`
 *   notice. Invalid UTF-8 later in a UTF-8 file fails with INVALID_UTF8 and its position: no
 *   silent replacement characters.
 * - Quoting: RFC 4180. A quote inside an unquoted cell is literal; text after a closing quote is
 *   kept literally (`"a" b` is `a b`); an unclosed quote fails with CSV_UNCLOSED_QUOTE, or with
 *   CSV_FIELD_TOO_LARGE once the field passes `maxFieldBytes`, naming the line where it opened.
 * - Records: a blank line is skipped when the header has several columns and is a record of
 *   one null (or empty) cell when it has one; without a header it is `[""]`. Ragged rows are
 *   reported; missing cells are null, extra cells go under `_extra_1`, `_extra_2`, ...
 * - Types (unquoted cells only): empty is null, JSON number literals keep their exact text,
 *   `true`/`false` are booleans; JSON array or object text becomes that value, quoted or not.
 * - Unflatten: see `NestedRecordWriter.writeNode` for the rule when `a` and `a.b` compete.
 */

/** How much UTF-8 input the delimiter is sniffed from. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Converts CSV bytes to JSON bytes (an array of records, or JSON Lines), streaming: memory stays
 * bounded by the longest record, output comes in chunks of at least 64 KiB. Options are checked
 * here, before any input is read; conversion errors are ConversionErrors with their position.
 */
export function csvToJson(input: ByteSource, options?: CsvToJsonOptions): AsyncIterable<Uint8Array> {
  const normalized = normalizeCsvToJsonOptions(options);
  if (normalized.delimiter !== undefined && normalized.delimiter.charCodeAt(0) > 0x7f) {
    throw new ConversionError('INVALID_OPTION', 'The CSV delimiter must be an ASCII character');
  }
  const plan = normalized.plan;
  if (plan === undefined) return convert(input, normalized);
  // Under a plan the table is read flat (each row by header, cells typed as usual), then shaped by the plan.
  const flat = { ...normalized, unflatten: false, ndjson: true, header: true, reuseChunks: false, plan: undefined };
  return plannedJson(convert(input, flat), plan, normalized.separator, normalized.pretty);
}

async function* convert(input: ByteSource, options: NormalizedCsvToJsonOptions): AsyncGenerator<Uint8Array> {
  const out = new OutputBuffer();
  const trust = new Utf8Trust(options.isUtf8);
  let converter: RecordConverter | undefined;
  const sample: Uint8Array[] = [];
  let sampleSize = 0;
  const start = (complete: boolean): RecordConverter => {
    let delimiter = options.delimiter;
    if (delimiter === undefined) {
      delimiter = sniffDelimiter(concatBytes(sample), complete);
      options.onNotice?.({ kind: 'delimiter', delimiter });
    }
    const started = new RecordConverter(out, options, delimiter, trust);
    for (const chunk of sample.splice(0)) started.push(chunk);
    return started;
  };
  for await (const chunk of decodeToUtf8(input, options)) {
    trust.accept(chunk);
    if (converter === undefined) {
      sample.push(chunk);
      sampleSize += chunk.length;
      if (options.delimiter === undefined && sampleSize < SNIFF_BYTES) continue;
      converter = start(false);
    } else {
      converter.push(chunk);
    }
    for (const output of out.take(MIN_OUTPUT_CHUNK)) {
      yield output;
      // Asked for the next chunk: with `reuseChunks` the consumer is done with this one.
      if (options.reuseChunks) out.recycle(output);
    }
  }
  trust.end();
  converter ??= start(true);
  converter.end();
  for (const output of out.take(0)) yield output;
}

/** Converts a CSV string to JSON text: the browser-friendly form of `csvToJson`. */
export async function csvToJsonText(csv: string, options?: CsvToJsonOptions): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of csvToJson([new TextEncoder().encode(csv)], options)) chunks.push(chunk);
  return new TextDecoder().decode(concatBytes(chunks));
}
