import { closeSync, openSync, readSync } from 'node:fs';

/**
 * How far past a nominal split point a line break is looked for before the file is cut in fewer pieces, and a
 * likely record start among the line starts there.
 */
const SEARCH_BYTES = 1 << 20;

/**
 * Where a file of `size` bytes is cut into about `pieces` parts of at least `minPiece` bytes, the first one
 * `firstWeight` times as big as the others (it starts earlier): each cut just after a line feed, so that each
 * part starts a line. Answers the starts of the parts after the first (sorted,
 * each above 0 and below `size`); fewer when the file has too few line breaks. Whether a cut is also a record
 * boundary (not inside a quoted cell, not inside a value spread over lines) is for the conversion of the part
 * before it to prove: it must end with a complete record.
 */
export function splitPoints(
  path: string,
  size: number,
  pieces: number,
  minPiece: number,
  firstWeight = 1,
  /** Among the line starts of the search window, the first this accepts is taken (else the first line start). */
  likelyStart: (window: Uint8Array, at: number) => boolean = () => true,
): number[] {
  const count = Math.min(pieces, Math.floor(size / minPiece));
  if (count < 2) return [];
  const fd = openSync(path, 'r');
  try {
    const window = Buffer.allocUnsafe(SEARCH_BYTES);
    const points: number[] = [];
    let previous = 0;
    for (let k = 1; k < count; k++) {
      const share = (firstWeight + k - 1) / (firstWeight + count - 1);
      const nominal = Math.max(Math.floor(size * share), previous + 1);
      const read = readSync(fd, window, 0, SEARCH_BYTES, nominal);
      const bytes = window.subarray(0, read);
      const newline = bytes.indexOf(0x0a);
      if (newline < 0) continue;
      let start = newline + 1;
      for (let at = start; at > 0 && at < read; at = bytes.indexOf(0x0a, at) + 1) {
        if (likelyStart(bytes, at)) {
          start = at;
          break;
        }
      }
      const point = nominal + start;
      if (point >= size || point - previous < minPiece / 2) continue;
      points.push(point);
      previous = point;
    }
    return points;
  } finally {
    closeSync(fd);
  }
}
