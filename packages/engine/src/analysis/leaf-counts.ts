import type { PathNode } from '../flatten/column-set.js';
import { LEAF_EMPTY_ARRAY, LEAF_NULL, LEAF_STRING, type LeafObserver } from '../flatten/leaf-observer.js';

// Per path, FIELDS numbers: the six type counts (in JsonType order: string, number, boolean, null, object,
// array), then the rest. Float64 so that no count wraps.
const VALUES = 6;
const PRESENT = 7;
const LAST_RECORD = 8;
const EMPTY = 9;
const MIN_LENGTH = 10;
const MAX_LENGTH = 11;
const ARRAYS = 12;
const ARRAY_MIN = 13;
const ARRAY_MAX = 14;
const FIELDS = 15;

// Events of the record being read, applied when it ends: a leaf's kind is 0-5; these follow.
const OPEN_OBJECT = 6;
const OPEN_ARRAY = 7;
const CLOSE_ARRAY = 8;
/** A leaf whose length cannot move the path's shortest or longest. */
const NO_LENGTH = -1;

/** The exact counts of one path, as `FieldStats` holds them. */
export interface PathCounts {
  header: string;
  underArray: boolean;
  isColumn: boolean;
  types: { string: number; number: number; boolean: number; null: number; object: number; array: number };
  values: number;
  present: number;
  empty: number;
  minLength: number;
  maxLength: number;
  arrays: { count: number; min: number; max: number } | null;
}

/**
 * Characters (code points) of a JSON string's raw content `buf[start..end)`: UTF-8 lead bytes, and one per
 * escape (`\uD83D\uDE00`, a surrogate pair, is one; a lone surrogate decodes to U+FFFD, one too).
 */
export function rawStringLength(buf: Uint8Array, start: number, end: number): number {
  let count = 0;
  let k = start;
  while (k < end) {
    const b = buf[k] as number;
    if (b === 92) {
      count++;
      if (buf[k + 1] !== 117) k += 2;
      else {
        const unit = Number.parseInt(String.fromCharCode(...buf.subarray(k + 2, k + 6)), 16);
        k += 6;
        if (unit >= 0xd800 && unit < 0xdc00 && buf[k] === 92 && buf[k + 1] === 117) {
          const low = Number.parseInt(String.fromCharCode(...buf.subarray(k + 2, k + 6)), 16);
          if (low >= 0xdc00 && low < 0xe000) k += 6;
        }
      }
    } else {
      if ((b & 0xc0) !== 0x80) count++;
      k++;
    }
  }
  return count;
}

/**
 * The exact, cheap part of the analysis, fed by json2csv's flattener as it converts (no second walk): per
 * path, counts by type, values, records present, empty texts, shortest and longest length, array lengths;
 * per file, records, depth and whether arrays occur. O(1) per leaf: a string's characters are counted only
 * when its raw length could move the path's shortest or longest.
 */
export class LeafCounts implements LeafObserver {
  private counts = new Float64Array(FIELDS * 64);
  /** The paths in first-seen order (their `slot` indexes `counts`). */
  readonly nodes: PathNode[] = [];
  records = 0;
  maxDepth = 0;
  hasArrays = false;
  // The record being read: (slot, event, length) triples, applied by endRecord.
  private log = new Int32Array(3 * 256);
  private logged = 0;
  private depth = 0;

  startRecord(): void {
    this.logged = 0;
    this.depth = 0;
  }

  private slotOf(node: PathNode): number {
    if (node.slot < 0) {
      node.slot = this.nodes.length;
      this.nodes.push(node);
      if (this.counts.length < this.nodes.length * FIELDS) {
        const grown = new Float64Array(this.counts.length * 2);
        grown.set(this.counts);
        this.counts = grown;
      }
      const base = node.slot * FIELDS;
      this.counts[LAST_RECORD + base] = -1;
      this.counts[MIN_LENGTH + base] = Number.POSITIVE_INFINITY;
      this.counts[MAX_LENGTH + base] = -1;
    }
    return node.slot;
  }

  private note(slot: number, event: number, length: number): void {
    let log = this.log;
    if (this.logged + 3 > log.length) {
      log = new Int32Array(log.length * 2);
      log.set(this.log);
      this.log = log;
    }
    const k = this.logged;
    log[k] = slot;
    log[k + 1] = event;
    log[k + 2] = length;
    this.logged = k + 3;
  }

  leaf(node: PathNode, kind: number, buf: Uint8Array, start: number, end: number): void {
    const slot = node.slot >= 0 ? node.slot : this.slotOf(node);
    let length = end - start;
    if (kind === LEAF_STRING && length > 0) {
      const base = slot * FIELDS;
      // n raw bytes hold n/6 (all `\u` escapes) to n characters: often inside the known range already.
      if (
        length <= (this.counts[MAX_LENGTH + base] as number) &&
        Math.ceil(length / 6) >= (this.counts[MIN_LENGTH + base] as number)
      ) {
        length = NO_LENGTH;
      } else length = rawStringLength(buf, start, end);
    } else if (kind === LEAF_NULL) length = NO_LENGTH;
    else if (kind > LEAF_NULL) length = 2;
    this.note(slot, kind, length);
  }

  open(node: PathNode | null, array: boolean, depth: number): void {
    if (depth > this.depth) this.depth = depth;
    if (node !== null) this.note(this.slotOf(node), array ? OPEN_ARRAY : OPEN_OBJECT, 0);
  }

  closeArray(node: PathNode, size: number): void {
    this.note(this.slotOf(node), CLOSE_ARRAY, size);
  }

  endRecord(): void {
    const record = this.records++;
    if (this.depth > this.maxDepth) this.maxDepth = this.depth;
    const counts = this.counts;
    const log = this.log;
    for (let k = 0; k < this.logged; k += 3) {
      const base = (log[k] as number) * FIELDS;
      const event = log[k + 1] as number;
      const length = log[k + 2] as number;
      if (event === CLOSE_ARRAY) {
        this.arrayLength(base, length);
        continue;
      }
      if (event === OPEN_ARRAY || event === LEAF_EMPTY_ARRAY) this.hasArrays = true;
      const type = base + (event >= OPEN_OBJECT ? event - 2 : event);
      counts[type] = (counts[type] as number) + 1;
      if (counts[LAST_RECORD + base] !== record) {
        counts[LAST_RECORD + base] = record;
        counts[PRESENT + base] = (counts[PRESENT + base] as number) + 1;
      }
      if (event >= OPEN_OBJECT) continue;
      counts[VALUES + base] = (counts[VALUES + base] as number) + 1;
      if (event === LEAF_EMPTY_ARRAY) this.arrayLength(base, 0);
      if (length === 0 && event === LEAF_STRING) counts[EMPTY + base] = (counts[EMPTY + base] as number) + 1;
      else if (length >= 0) {
        if (length < (counts[MIN_LENGTH + base] as number)) counts[MIN_LENGTH + base] = length;
        if (length > (counts[MAX_LENGTH + base] as number)) counts[MAX_LENGTH + base] = length;
      }
    }
    this.logged = 0;
  }

  private arrayLength(base: number, size: number): void {
    const counts = this.counts;
    const arrays = counts[ARRAYS + base] as number;
    counts[ARRAYS + base] = arrays + 1;
    if (arrays === 0) {
      counts[ARRAY_MIN + base] = size;
      counts[ARRAY_MAX + base] = size;
    } else {
      if (size < (counts[ARRAY_MIN + base] as number)) counts[ARRAY_MIN + base] = size;
      if (size > (counts[ARRAY_MAX + base] as number)) counts[ARRAY_MAX + base] = size;
    }
  }

  /** The counts of the path in `slot`. */
  path(slot: number): PathCounts {
    const c = this.counts.subarray(slot * FIELDS, (slot + 1) * FIELDS);
    const node = this.nodes[slot] as PathNode;
    const values = c[VALUES] as number;
    return {
      header: node.header ?? '',
      underArray: node.underArray,
      isColumn: values > 0,
      types: {
        string: c[0] as number,
        number: c[1] as number,
        boolean: c[2] as number,
        null: c[3] as number,
        object: c[4] as number,
        array: c[5] as number,
      },
      values,
      present: c[PRESENT] as number,
      empty: c[EMPTY] as number,
      minLength: c[MIN_LENGTH] as number,
      maxLength: c[MAX_LENGTH] as number,
      arrays:
        c[ARRAYS] === 0
          ? null
          : { count: c[ARRAYS] as number, min: c[ARRAY_MIN] as number, max: c[ARRAY_MAX] as number },
    };
  }
}
