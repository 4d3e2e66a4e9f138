import { closeSync, openSync, readSync } from 'node:fs';

/** How far past a nominal split point a line break is looked for before the file is cut in fewer pieces. */
const SEARCH_BYTES = 1 << 20;

/**
 * Where a file of `size` bytes is cut into about `pieces` parts of at least `minPiece` bytes: each cut just
 * after a line feed, so that each part starts a line. Answers the starts of the parts after the first (sorted,
 * each above 0 and below `size`); fewer when the file has too few line breaks. Whether a cut is also a record
 * boundary (not inside a quoted cell, not inside a value spread over lines) is for the conversion of the part
 * before it to prove: it must end with a complete record.
 */
export function splitPoints(path: string, size: number, pieces: number, minPiece: number): number[] {
  const count = Math.min(pieces, Math.floor(size / minPiece));
  if (count < 2) return [];
  const fd = openSync(path, 'r');
  try {
    const window = Buffer.allocUnsafe(SEARCH_BYTES);
    const points: number[] = [];
    let previous = 0;
    for (let k = 1; k < count; k++) {
      const nominal = Math.max(Math.floor((size * k) / count), previous + 1);
      const read = readSync(fd, window, 0, SEARCH_BYTES, nominal);
      const newline = window.subarray(0, read).indexOf(0x0a);
      if (newline < 0) continue;
      const point = nominal + newline + 1;
      if (point >= size || point - previous < minPiece / 2) continue;
      points.push(point);
      previous = point;
    }
    return points;
  } finally {
    closeSync(fd);
  }
}
