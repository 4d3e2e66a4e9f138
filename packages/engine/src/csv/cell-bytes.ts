import { CELL_DOUBLED, CELL_TRAILING } from './cell-flags.js';

const QUOTE = 0x22;

/**
 * The content of a cell as its own bytes: doubled quotes collapsed and, after text that trails a
 * closing quote, that quote dropped. Used off the hot path (headers, JSON detection).
 */
export function cellBytes(data: Uint8Array, start: number, end: number, flags: number): Uint8Array {
  if ((flags & (CELL_DOUBLED | CELL_TRAILING)) === 0) return data.slice(start, end);
  const out = new Uint8Array(end - start);
  let length = 0;
  let inQuotes = true;
  for (let i = start; i < end; i++) {
    const b = data[i] ?? 0;
    if (inQuotes && b === QUOTE) {
      if (data[i + 1] === QUOTE && i + 1 < end) {
        i++;
      } else {
        inQuotes = false;
        continue;
      }
    }
    out[length++] = b;
  }
  return out.subarray(0, length);
}
