import { columnLetters } from '../flatten/row-buffer.js';
import { ByteBuilder } from '../json/byte-builder.js';

const encoder = new TextEncoder();
const LT = 0x3c;
const ROW_END = encoder.encode('</row>');
const CELL_START = encoder.encode('<c r="');
const CELL_END = encoder.encode('</c>');
/** Cell positions and their order in a row fit in one 32-bit key: XLSX has at most 16,384 columns. */
const MAX_COLUMNS = 1 << 14;

/**
 * The first `<` from `from` (and before `to`) that starts `markup` in `bytes`, or -1. Text is escaped: every `<`
 * is markup.
 */
function markupAt(bytes: Uint8Array, markup: Uint8Array, from: number, to = bytes.length): number {
  for (let at = bytes.indexOf(LT, from); at >= 0 && at < to; at = bytes.indexOf(LT, at + 1)) {
    let k = 1;
    while (k < markup.length && bytes[at + k] === markup[k]) k++;
    if (k === markup.length) return at;
  }
  return -1;
}

/**
 * The spooled `<row>` elements of a sheet with their cells moved to `order` (`order[k]`: the spooled column
 * written at position k): each cell gets its new reference and the cells of a row come in column order, as
 * Excel wants them. The spool may cut rows anywhere; one output chunk per spool chunk that ends a row.
 */
export async function* reorderedSheetRows(
  rows: AsyncIterable<Uint8Array>,
  order: readonly number[],
): AsyncGenerator<Uint8Array> {
  const place = new Int32Array(order.length);
  for (const [k, col] of order.entries()) place[col] = k;
  const letters = order.map((_, k) => encoder.encode(columnLetters(k)));
  const pending = new ByteBuilder();
  const out = new ByteBuilder(1 << 16);
  let keys = new Int32Array(64);
  let tails = new Int32Array(128);

  /** Writes the row `bytes[start, end)`, `</row>` included. */
  const writeRow = (bytes: Uint8Array, start: number, end: number) => {
    const head = bytes.indexOf(0x3e, start) + 1;
    // `<row r="7">`: the row number, which every cell reference repeats.
    const number = bytes.subarray(start + 8, head - 2);
    out.append(bytes, start, head);
    let count = 0;
    for (let at = markupAt(bytes, CELL_START, head, end); at >= 0; at = markupAt(bytes, CELL_START, at + 1, end)) {
      let p = at + CELL_START.length;
      let col = 0;
      while ((bytes[p] as number) >= 0x41 && (bytes[p] as number) <= 0x5a)
        col = col * 26 + (bytes[p++] as number) - 0x40;
      while (bytes[p] !== 0x22) p++;
      const tailEnd = markupAt(bytes, CELL_END, p) + CELL_END.length;
      if (count === keys.length) {
        const grownKeys = new Int32Array(count * 2);
        grownKeys.set(keys);
        keys = grownKeys;
        const grownTails = new Int32Array(count * 4);
        grownTails.set(tails);
        tails = grownTails;
      }
      keys[count] = (place[col - 1] as number) * MAX_COLUMNS + count;
      tails[count * 2] = p;
      tails[count * 2 + 1] = tailEnd;
      count++;
      at = tailEnd - 1;
    }
    const sorted = keys.subarray(0, count).sort();
    for (const key of sorted) {
      const cell = key % MAX_COLUMNS;
      const name = letters[Math.floor(key / MAX_COLUMNS)] as Uint8Array;
      out.append(CELL_START, 0, CELL_START.length);
      out.append(name, 0, name.length);
      out.append(number, 0, number.length);
      out.append(bytes, tails[cell * 2] as number, tails[cell * 2 + 1] as number);
    }
    out.append(ROW_END, 0, ROW_END.length);
  };

  for await (const chunk of rows) {
    pending.append(chunk, 0, chunk.length);
    const bytes = pending.bytes.subarray(0, pending.length);
    let p = 0;
    for (let close = markupAt(bytes, ROW_END, p); close >= 0; close = markupAt(bytes, ROW_END, p)) {
      writeRow(bytes, p, close);
      p = close + ROW_END.length;
    }
    bytes.copyWithin(0, p);
    pending.length -= p;
    if (out.length > 0) {
      yield out.view().slice();
      out.length = 0;
    }
  }
  if (pending.length > 0) throw new Error('The spooled sheet ends inside a row');
}
