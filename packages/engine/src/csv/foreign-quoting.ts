import { CELL_DOUBLED, CELL_QUOTED, CELL_TRAILING } from './cell-flags.js';
import { CsvParser } from './csv-parser.js';

/** Rows of the sample looked at, the header's included. */
const MAX_ROWS = 100;

/**
 * Whether a quoted cell's content is one unnest's own CSV writer leaves bare: text starting with a letter (or
 * any non-ASCII character) that holds no quote, line break, control character, backslash or delimiter a reader
 * might sniff (`, ; |` and tab). Our writer quotes only what needs it (see table/csv-cells.ts), so such a cell
 * quoted marks a file written by another tool. Stricter than the writer's rule on purpose: a miss only means
 * per-cell typing, as before.
 */
function isNeedlesslyQuoted(data: Uint8Array, start: number, end: number, flags: number, delimiter: number): boolean {
  if ((flags & (CELL_DOUBLED | CELL_TRAILING)) !== 0 || start === end) return false;
  const first = data[start] ?? 0;
  const letter = (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7a;
  if (!letter && first < 0x80) return false;
  for (let i = start; i < end; i++) {
    const b = data[i] ?? 0;
    if (b < 0x20 || b === 0x22 || b === 0x5c || b === 0x2c || b === 0x3b || b === 0x7c || b === delimiter) return false;
  }
  const text = String.fromCharCode(...data.subarray(start, Math.min(end, start + 6)));
  return text !== 'true' && text !== 'false';
}

/**
 * Whether the first rows of a CSV (`sample`, UTF-8 in RFC 4180 form with the one-byte `delimiter`, starting
 * `skipRows` rows of preamble before the header) quote every non-empty cell, header included, in the header
 * and at least one record, with at least one cell quoted that needs no quoting. Such a file is an export whose
 * quoting says nothing about types (spreadsheets, BI tools, statistics offices); unnest's own CSV never
 * matches, as it quotes only where a read-back needs it. With `complete` false the sample's last row, which
 * may be cut, is not looked at.
 */
export function quotesEveryCell(
  sample: Uint8Array,
  delimiter: number,
  skipRows: number,
  maxFieldBytes: number,
  complete: boolean,
): boolean {
  let rows = 0;
  let everyCellQuoted = true;
  let needless = false;
  const parser = new CsvParser(delimiter, maxFieldBytes, (data, count) => {
    rows++;
    if (rows <= skipRows || rows > skipRows + MAX_ROWS || !everyCellQuoted) return;
    const { starts, ends, flags } = parser;
    for (let c = 0; c < count; c++) {
      const start = starts[c] ?? 0;
      const end = ends[c] ?? 0;
      const cellFlags = flags[c] ?? 0;
      if ((cellFlags & CELL_QUOTED) === 0) {
        if (start === end) continue;
        everyCellQuoted = false;
        return;
      }
      needless ||= isNeedlesslyQuoted(data, start, end, cellFlags, delimiter);
    }
  });
  // Only the rows looked at are parsed: cut after as many line breaks (a quoted one only cuts earlier).
  let cut = 0;
  for (let breaks = 0; cut < sample.length && breaks <= skipRows + MAX_ROWS; cut++) {
    if (sample[cut] === 0x0a) breaks++;
  }
  try {
    parser.push(cut < sample.length ? sample.subarray(0, cut) : sample);
    if (complete && cut >= sample.length) parser.end();
  } catch {
    // A sample the parser refuses (a field past the limit) is left to the conversion, which reports it.
    return false;
  }
  return everyCellQuoted && needless && rows >= skipRows + 2;
}
