import { ByteBuilder } from '../json/byte-builder.js';
import { RowLengthReader } from './row-lengths.js';

const QUOTE = 0x22;

/** Where a row's cells are, as found by `RowCells.split`. */
class RowCells {
  starts: Int32Array;
  ends: Int32Array;
  count = 0;

  constructor(width: number) {
    this.starts = new Int32Array(width);
    this.ends = new Int32Array(width);
  }

  /**
   * Finds the cells of the row `row[start, contentEnd)` (one spooled row, before its line ending). The rows are
   * this engine's own CSV: a cell holding a quote, the delimiter, CR or LF is quoted with its quotes doubled,
   * so a cell starting with a quote ends at the quote that is not doubled, and any other at the next delimiter.
   */
  split(row: Uint8Array, start: number, contentEnd: number, delimiter: Uint8Array): void {
    const first = delimiter[0] as number;
    const { starts, ends } = this;
    let c = 0;
    let p = start;
    for (;;) {
      starts[c] = p;
      let end: number;
      if (p < contentEnd && row[p] === QUOTE) {
        let q = row.indexOf(QUOTE, p + 1);
        while (q >= 0 && row[q + 1] === QUOTE) q = row.indexOf(QUOTE, q + 2);
        end = q < 0 ? contentEnd : q + 1;
      } else {
        // Cells are short: a loop beats a call to indexOf per cell.
        end = p;
        while (end < contentEnd && (row[end] !== first || !startsWith(row, end, delimiter))) end++;
      }
      ends[c++] = end;
      if (end >= contentEnd || c === starts.length) break;
      p = end + delimiter.length;
    }
    this.count = c;
  }
}

function startsWith(bytes: Uint8Array, at: number, prefix: Uint8Array): boolean {
  for (let k = 1; k < prefix.length; k++) if (bytes[at + k] !== prefix[k]) return false;
  return true;
}

/** How spooled rows are rewritten in another column order. */
export interface RowOrder {
  /** `order[k]`: the spooled column written at position k (every column once). */
  order: readonly number[];
  delimiter: Uint8Array;
  eol: Uint8Array;
}

/**
 * The spooled CSV rows with their cells in `order`, each row as wide as the order (a row spooled before its
 * last columns appeared gets them empty). The spool of row lengths says where each row ends, whatever the
 * chunks; one output chunk per spool chunk that ends a row.
 */
export async function* reorderedRows(
  rows: AsyncIterable<Uint8Array>,
  rowLengths: AsyncIterable<Uint8Array>,
  { order, delimiter, eol }: RowOrder,
): AsyncGenerator<Uint8Array> {
  const lengths = new RowLengthReader(rowLengths);
  const cells = new RowCells(order.length);
  const out = new ByteBuilder(1 << 16);
  /** A row cut by the end of a chunk, gathered until it is whole. */
  const cut = new ByteBuilder();
  let batch: Uint32Array = new Uint32Array(0);
  let at = 0;
  /** Loads the next batch of row lengths (awaited only once per batch, not once per row). */
  const refill = async (): Promise<void> => {
    const next = await lengths.next();
    if (next === null) throw new Error('The spooled row lengths do not match the spooled rows');
    batch = next;
    at = 0;
  };
  /** Writes the row `row[start, end)`, its line ending included (no view of it is made: rows are many). */
  const write = (row: Uint8Array, start: number, end: number) => {
    const contentEnd = end - eol.length;
    cells.split(row, start, contentEnd, delimiter);
    const { starts, ends, count } = cells;
    out.reserve(end - start + order.length * delimiter.length);
    // Written straight into the reserved room: most cells are a few bytes, where a call per copy would cost more.
    const bytes = out.bytes;
    let p = out.length;
    for (let k = 0; k < order.length; k++) {
      if (k > 0) for (let d = 0; d < delimiter.length; d++) bytes[p++] = delimiter[d] as number;
      const col = order[k] as number;
      if (col >= count) continue;
      const to = ends[col] as number;
      let from = starts[col] as number;
      if (to - from < 64) while (from < to) bytes[p++] = row[from++] as number;
      else {
        bytes.set(row.subarray(from, to), p);
        p += to - from;
      }
    }
    for (let d = 0; d < eol.length; d++) bytes[p++] = eol[d] as number;
    out.length = p;
  };
  let wanted = 0;
  for await (const chunk of rows) {
    let p = 0;
    while (p < chunk.length) {
      if (cut.length > 0) {
        const take = Math.min(wanted - cut.length, chunk.length - p);
        cut.append(chunk, p, p + take);
        p += take;
        if (cut.length < wanted) break;
        write(cut.bytes, 0, cut.length);
        cut.length = 0;
        continue;
      }
      if (at === batch.length) await refill();
      wanted = batch[at++] as number;
      if (p + wanted <= chunk.length) {
        write(chunk, p, p + wanted);
        p += wanted;
      } else {
        cut.append(chunk, p, chunk.length);
        p = chunk.length;
      }
    }
    if (out.length > 0) {
      yield out.view().slice();
      out.length = 0;
    }
  }
  if (cut.length > 0 || at < batch.length || (await lengths.next()) !== null) {
    throw new Error('The spooled row lengths do not match the spooled rows');
  }
}
