import { closeSync, openSync, readSync } from 'node:fs';

/** How far past a nominal split point a cut is looked for before the file is cut in fewer pieces. */
const SEARCH_BYTES = 1 << 20;

/** A cut: the piece before it ends at `end`, the next one starts at `start` (bytes between are separators). */
export interface Cut {
  end: number;
  start: number;
}

/** Finds the first cut in a window of the file (offsets in the window), or null. */
export type CutFinder = (window: Uint8Array) => Cut | null;

/**
 * Where a file of `size` bytes is cut into about `pieces` parts of at least `minPiece` bytes, the first one
 * `firstWeight` times as big as the others (it starts earlier): at the first cut `findCut` finds after each
 * nominal point. Answers the cuts in order; fewer when none is found. Whether a cut is a record boundary (not
 * inside a quoted cell, not inside a value) is for the conversion of the part before it to prove: it must end
 * with a complete record.
 */
export function splitPoints(
  path: string,
  size: number,
  pieces: number,
  minPiece: number,
  firstWeight: number,
  findCut: CutFinder,
): Cut[] {
  const count = Math.min(pieces, Math.floor(size / minPiece));
  if (count < 2) return [];
  const fd = openSync(path, 'r');
  try {
    const window = Buffer.allocUnsafe(SEARCH_BYTES);
    const cuts: Cut[] = [];
    let previous = 0;
    for (let k = 1; k < count; k++) {
      const share = (firstWeight + k - 1) / (firstWeight + count - 1);
      const nominal = Math.max(Math.floor(size * share), previous + 1);
      const read = readSync(fd, window, 0, SEARCH_BYTES, nominal);
      const found = findCut(window.subarray(0, read));
      if (found === null) continue;
      const cut = { end: nominal + found.end, start: nominal + found.start };
      if (cut.start >= size || cut.end - previous < minPiece / 2) continue;
      cuts.push(cut);
      previous = cut.start;
    }
    return cuts;
  } finally {
    closeSync(fd);
  }
}

/** Cuts at a line start, the first one `likelyStart` accepts if any (each part then starts a line). */
export function lineCut(likelyStart: (window: Uint8Array, at: number) => boolean = () => true): CutFinder {
  return (window) => {
    const first = window.indexOf(0x0a) + 1;
    if (first === 0) return null;
    for (let at = first; at > 0 && at < window.length; at = window.indexOf(0x0a, at) + 1) {
      if (likelyStart(window, at)) return { end: at, start: at };
    }
    return { end: first, start: first };
  };
}

const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Cuts between two objects of a JSON array, at the comma of `}` `,` `{` (white space around allowed): the piece
 * before ends before the comma and the next starts after it. The same bytes inside a string or a nested array
 * make the piece before fail, closed with one `]` (see parallel-json.ts); to make that rare, a cut before an
 * object whose first key is the array's first object's (`firstKey`, quotes included) is taken first, then the
 * first cut found.
 */
export function arrayElementCut(firstKey: Uint8Array | null): CutFinder {
  return (window) => {
    let fallback: Cut | null = null;
    for (let comma = window.indexOf(0x2c); comma >= 0; comma = window.indexOf(0x2c, comma + 1)) {
      const cut = cutAt(window, comma, firstKey);
      if (cut === 'keyed') return { end: comma, start: comma + 1 };
      if (cut === 'plain') fallback ??= { end: comma, start: comma + 1 };
    }
    return fallback;
  };
}

/** The last cut of a JSON array's start, the same way (the records before it are whole if it is right), or null. */
export function lastArrayCut(window: Uint8Array, firstKey: Uint8Array | null): Cut | null {
  let fallback: Cut | null = null;
  for (let comma = window.lastIndexOf(0x2c); comma > 0; comma = window.lastIndexOf(0x2c, comma - 1)) {
    const cut = cutAt(window, comma, firstKey);
    if (cut === 'keyed') return { end: comma, start: comma + 1 };
    if (cut === 'plain') fallback ??= { end: comma, start: comma + 1 };
  }
  return fallback;
}

/** Whether the comma at `comma` is between two objects (`plain`), and before one with the first key (`keyed`). */
function cutAt(window: Uint8Array, comma: number, firstKey: Uint8Array | null): 'keyed' | 'plain' | null {
  let before = comma - 1;
  while (before >= 0 && isSpace(window[before])) before--;
  if (window[before] !== 0x7d) return null;
  let after = comma + 1;
  while (after < window.length && isSpace(window[after])) after++;
  if (window[after] !== 0x7b) return null;
  return firstKey === null || startsWithKey(window, after + 1, firstKey) ? 'keyed' : 'plain';
}

function startsWithKey(window: Uint8Array, from: number, key: Uint8Array): boolean {
  let at = from;
  while (at < window.length && isSpace(window[at])) at++;
  for (let k = 0; k < key.length; k++) if (window[at + k] !== key[k]) return false;
  return true;
}

/** The first key of the first object of a JSON array (`"id"`, quotes included) from the file's start, or null. */
export function firstArrayKey(head: Uint8Array): Uint8Array | null {
  const open = head.indexOf(0x7b);
  if (open < 0) return null;
  let at = open + 1;
  while (at < head.length && isSpace(head[at])) at++;
  if (head[at] !== 0x22) return null;
  const close = head.indexOf(0x22, at + 1);
  return close < 0 ? null : head.slice(at, close + 1);
}
