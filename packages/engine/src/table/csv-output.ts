import { SNIFFED_DELIMITERS } from '../options.js';
import { OutputBatcher } from './output-batcher.js';

const encoder = new TextEncoder();

/** How the spooled rows become the final CSV. */
export interface CsvOutputOptions {
  headers: readonly string[];
  /** Pairs of (spool offset, width): rows from that offset on were written that many cells wide. */
  widthLog: readonly number[];
  delimiter: string;
  eol: string;
  bom: boolean;
}

/** Encodes one header cell: quoted when empty or holding the delimiter, a sniffable delimiter, a quote, CR or LF. */
export function encodeHeaderCell(name: string, delimiter: string): string {
  const quote =
    name === '' ||
    name.includes(delimiter) ||
    /["\r\n]/.test(name) ||
    SNIFFED_DELIMITERS.some((sniffed) => name.includes(sniffed));
  return quote ? `"${name.replaceAll('"', '""')}"` : name;
}

/**
 * The final CSV: optional BOM, the header (known only now), then the spooled rows. Rows written before a
 * column was added are narrower: their line endings are found again by a quote-aware scan of just those
 * spool ranges (CR and LF inside cells are always quoted) and padded with delimiters.
 * No output at all when there is no column.
 */
export async function* csvOutput(
  spool: AsyncIterable<Uint8Array>,
  options: CsvOutputOptions,
): AsyncGenerator<Uint8Array> {
  const width = options.headers.length;
  if (width === 0) return;
  const batcher = new OutputBatcher();
  if (options.bom) batcher.push(new Uint8Array([0xef, 0xbb, 0xbf]));
  const header = options.headers.map((name) => encodeHeaderCell(name, options.delimiter)).join(options.delimiter);
  batcher.push(encoder.encode(header + options.eol));
  const delimiter = encoder.encode(options.delimiter);
  const eolByte = options.eol.charCodeAt(0);
  const log = options.widthLog;
  const padding = (segment: number): Uint8Array => {
    const rowWidth = log[segment * 2 + 1] ?? width;
    const missing = width - Math.max(rowWidth, 1);
    const bytes = new Uint8Array(missing * delimiter.length);
    for (let k = 0; k < missing; k++) bytes.set(delimiter, k * delimiter.length);
    return bytes;
  };
  const segmentEnd = (segment: number): number => log[segment * 2 + 2] ?? Number.POSITIVE_INFINITY;
  let segment = 0;
  let end = segmentEnd(0);
  let pad = padding(0);
  let offset = 0;
  let inQuote = false;
  for await (const chunk of spool) {
    // Pieces are cut from a plain view: a subarray of a Node Buffer (which the file spool yields, for its
    // native indexOf) is a Buffer too, slower to create.
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    let p = 0;
    let nextQuote = -2;
    while (p < chunk.length) {
      while (offset + p >= end) {
        segment++;
        end = segmentEnd(segment);
        pad = padding(segment);
      }
      const stop = Math.min(chunk.length, end - offset);
      if (pad.length === 0) {
        batcher.push(bytes.subarray(p, stop));
        p = stop;
        continue;
      }
      // Line ends and quotes are found with indexOf: a native search (memchr on a Node Buffer) beats a JS
      // byte loop even though rows are short.
      let from = p;
      let q = p;
      while (q < stop) {
        if (nextQuote !== -1 && nextQuote < q) nextQuote = chunk.indexOf(34, q);
        if (inQuote) {
          if (nextQuote < 0 || nextQuote >= stop) break;
          inQuote = false;
          q = nextQuote + 1;
          continue;
        }
        let lineEnd = chunk.indexOf(eolByte, q);
        if (lineEnd < 0 || lineEnd >= stop) lineEnd = stop;
        if (nextQuote >= 0 && nextQuote < lineEnd) {
          inQuote = true;
          q = nextQuote + 1;
          continue;
        }
        if (lineEnd === stop) break;
        batcher.push(bytes.subarray(from, lineEnd));
        batcher.push(pad);
        from = lineEnd;
        q = lineEnd + 1;
      }
      batcher.push(bytes.subarray(from, stop));
      p = stop;
    }
    offset += chunk.length;
    yield* batcher.take();
  }
  batcher.flush();
  yield* batcher.take();
}
