import type { PathNode } from '../flatten/column-set.js';
import { LEAF_EMPTY_ARRAY, LEAF_NULL, LEAF_STRING, type LeafObserver } from '../flatten/leaf-observer.js';

// Per path, FIELDS numbers: the six type counts (in JsonType order: string, number, boolean, null, object,
// array), then the rest. Float64 so that no count wraps.
/** Non-empty containers: the path's values are its type counts less these. */
const CONTAINERS = 6;
const PRESENT = 7;
const LAST_RECORD = 8;
const EMPTY = 9;
const MIN_LENGTH = 10;
const MAX_LENGTH = 11;
const ARRAYS = 12;
const ARRAY_MIN = 13;
const ARRAY_MAX = 14;
const FIELDS = 15;

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
 * The exact, cheap part of the analysis, fed by json2csv's flattener as it converts (no second walk): per
 * path, counts by type, values, records present, empty texts, shortest and longest length, array lengths;
 * per file, records, depth and whether arrays occur. O(1) per leaf: a string's characters come counted by the
 * cell writer that wrote it.
 *
 * Events count at once. A record read again from its start (its bytes were incomplete) repeats the events
 * of the attempt before, in the same order, since it is the same bytes: those are skipped.
 *
 * The first `maxTracked` paths are counted one by one; later ones share one row of counts (their total)
 * and a byte each saying whether they held a value, so a record with a million keys costs a megabyte here.
 */
export class LeafCounts implements LeafObserver {
  private counts = new Float64Array(FIELDS * 64);
  /** The paths counted one by one, in first-seen order (their `slot` indexes `counts`). */
  readonly nodes: PathNode[] = [];
  /** Per later path (slot - maxTracked), 1 once it held a value. */
  private untrackedValued = new Uint8Array(1024);
  private untrackedPaths = 0;

  constructor(private readonly maxTracked: number) {}
  records = 0;
  maxDepth = 0;
  hasArrays = false;
  /** Events of the current attempt at the record, and how many of them an earlier attempt already counted. */
  private events = 0;
  private counted = 0;
  private ended = true;

  startRecord(): void {
    this.counted = this.ended ? 0 : Math.max(this.counted, this.events);
    this.events = 0;
    this.ended = false;
  }

  endRecord(): void {
    this.records++;
    this.ended = true;
  }

  /** The path's slot, given on first sight: its own row of counts, or past `maxTracked` the shared one. */
  private slotOf(node: PathNode): number {
    if (node.slot < 0) {
      if (this.nodes.length === this.maxTracked) {
        node.slot = this.maxTracked + this.untrackedPaths++;
        if (this.untrackedPaths > this.untrackedValued.length) {
          const grown = new Uint8Array(this.untrackedValued.length * 2);
          grown.set(this.untrackedValued);
          this.untrackedValued = grown;
        }
        if (this.untrackedPaths === 1) this.initialise(this.maxTracked);
        return node.slot;
      }
      node.slot = this.nodes.length;
      this.nodes.push(node);
      this.initialise(node.slot);
    }
    return node.slot;
  }

  /** Makes room for the counts of `slot` and sets their starting values. */
  private initialise(slot: number): void {
    if (this.counts.length < (slot + 1) * FIELDS) {
      const grown = new Float64Array(Math.max(this.counts.length * 2, (slot + 1) * FIELDS));
      grown.set(this.counts);
      this.counts = grown;
    }
    const base = slot * FIELDS;
    this.counts[LAST_RECORD + base] = -1;
    this.counts[MIN_LENGTH + base] = Number.POSITIVE_INFINITY;
    this.counts[MAX_LENGTH + base] = -1;
  }

  /** The row of counts of `slot`: its own, or the shared one of the later paths. */
  private baseOf(slot: number): number {
    return Math.min(slot, this.maxTracked) * FIELDS;
  }

  /** Counts a value of `type` (0-5) at the path whose numbers start at `base`; the record holds the path. */
  private present(base: number, type: number): void {
    const counts = this.counts;
    counts[base + type] = (counts[base + type] as number) + 1;
    if (counts[LAST_RECORD + base] !== this.records) {
      counts[LAST_RECORD + base] = this.records;
      counts[PRESENT + base] = (counts[PRESENT + base] as number) + 1;
    }
  }

  leaf(node: PathNode, kind: number, length: number): void {
    if (this.events++ < this.counted) return;
    const slot = node.slot >= 0 ? node.slot : this.slotOf(node);
    if (slot >= this.maxTracked) this.untrackedValued[slot - this.maxTracked] = 1;
    const base = this.baseOf(slot);
    const counts = this.counts;
    this.present(base, kind);
    if (kind === LEAF_STRING) {
      if (length === 0) {
        counts[EMPTY + base] = (counts[EMPTY + base] as number) + 1;
        return;
      }
    } else if (kind === LEAF_NULL) return;
    else if (kind > LEAF_NULL) {
      length = 2;
      if (kind === LEAF_EMPTY_ARRAY) {
        this.hasArrays = true;
        this.arrayLength(base, 0);
      }
    }
    if (length < (counts[MIN_LENGTH + base] as number)) counts[MIN_LENGTH + base] = length;
    if (length > (counts[MAX_LENGTH + base] as number)) counts[MAX_LENGTH + base] = length;
  }

  open(node: PathNode | null, array: boolean, depth: number): void {
    if (depth > this.maxDepth) this.maxDepth = depth;
    if (node === null || this.events++ < this.counted) return;
    if (array) this.hasArrays = true;
    const base = this.baseOf(node.slot >= 0 ? node.slot : this.slotOf(node));
    this.counts[CONTAINERS + base] = (this.counts[CONTAINERS + base] as number) + 1;
    this.present(base, array ? 5 : 4);
  }

  closeArray(node: PathNode, size: number): void {
    if (this.events++ < this.counted) return;
    this.arrayLength(this.baseOf(node.slot >= 0 ? node.slot : this.slotOf(node)), size);
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

  /**
   * The paths past `maxTracked`, together: how many there are, how many held a value (columns), and their
   * values that are not null. Null when every path was counted one by one.
   */
  untracked(): { paths: number; columns: number; values: number } | null {
    if (this.untrackedPaths === 0) return null;
    let columns = 0;
    for (let k = 0; k < this.untrackedPaths; k++) columns += this.untrackedValued[k] as number;
    const c = this.counts.subarray(this.maxTracked * FIELDS, (this.maxTracked + 1) * FIELDS);
    return { paths: this.untrackedPaths, columns, values: valuesOf(c) - (c[3] as number) };
  }

  /** The counts of the path in `slot` (below `maxTracked`). */
  path(slot: number): PathCounts {
    const c = this.counts.subarray(slot * FIELDS, (slot + 1) * FIELDS);
    const node = this.nodes[slot] as PathNode;
    const values = valuesOf(c);
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

/** Values at a path (nulls and empty containers included): its type counts less its non-empty containers. */
function valuesOf(c: Float64Array): number {
  let values = -(c[CONTAINERS] as number);
  for (let type = 0; type < 6; type++) values += c[type] as number;
  return values;
}
