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
   * Finds the cells of `row` (one spooled row, line ending included). The rows are this engine's own CSV: a
   * cell holding a quote, the delimiter, CR or LF is quoted with its quotes doubled, so a cell starting with
   * a quote ends at the quote that is not doubled, and any other ends at the next delimiter.
   */
  split(row: Uint8Array, contentEnd: number, delimiter: Uint8Array): void {
    const first = delimiter[0] as number;
    const { starts, ends } = this;
    let c = 0;
    let p = 0;
    for (;;) {
      starts[c] = p;
      let end: number;
      if (p < contentEnd && row[p] === QUOTE) {
        let q = row.indexOf(QUOTE, p + 1);
        while (q >= 0 && row[q + 1] === QUOTE) q = row.indexOf(QUOTE, q + 2);
        end = q < 0 ? contentEnd : q + 1;
      } else {
        end = row.indexOf(first, p);
        while (end >= 0 && end < contentEnd && !startsWith(row, end, delimiter)) end = row.indexOf(first, end + 1);
        if (end < 0 || end > contentEnd) end = contentEnd;
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
  const nextLength = async (): Promise<number> => {
    if (at === batch.length) {
      const next = await lengths.next();
      if (next === null) throw new Error('The spooled row lengths do not match the spooled rows');
      batch = next;
      at = 0;
    }
    return batch[at++] as number;
  };
  const write = (row: Uint8Array) => {
    const contentEnd = row.length - eol.length;
    cells.split(row, contentEnd, delimiter);
    const { starts, ends, count } = cells;
    out.reserve(row.length + order.length * delimiter.length + eol.length);
    for (let k = 0; k < order.length; k++) {
      if (k > 0) out.append(delimiter, 0, delimiter.length);
      const col = order[k] as number;
      if (col < count) out.append(row, starts[col] as number, ends[col] as number);
    }
    out.append(eol, 0, eol.length);
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
        write(cut.view());
        cut.length = 0;
        continue;
      }
      wanted = await nextLength();
      if (p + wanted <= chunk.length) {
        write(chunk.subarray(p, p + wanted));
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
