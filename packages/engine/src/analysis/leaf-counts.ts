import type { PathNode } from '../flatten/column-set.js';
import {
  LEAF_BOOLEAN,
  LEAF_EMPTY_ARRAY,
  LEAF_EMPTY_OBJECT,
  LEAF_NULL,
  LEAF_NUMBER,
  LEAF_STRING,
  type LeafObserver,
} from '../flatten/leaf-observer.js';

// Per path, FIELDS numbers (a row of the counts): its values by type, the scalars at their LEAF_* kind
// (string, number, boolean, null), then non-empty objects and arrays, then empty ones; then the rest.
// Float64 so that no count wraps; 16 to a row, so a row starts at a shift of its number.
const OBJECTS = 4;
const ARRAYS_HELD = 5;
const EMPTY_OBJECTS = 6;
const EMPTY_ARRAYS = 7;
const PRESENT = 8;
const LAST_RECORD = 9;
const EMPTY = 10;
const MIN_LENGTH = 11;
const MAX_LENGTH = 12;
/** Arrays whose size is counted below (empty ones included). */
const ARRAYS = 13;
const ARRAY_MIN = 14;
const ARRAY_MAX = 15;
const ROW_SHIFT = 4;
/** V8's small integers (31 bits) lie below this in magnitude. */
const SMALL_INTEGERS = 2 ** 30;
const FIELDS = 1 << ROW_SHIFT;

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
  /** The paths counted one by one, in first-seen order (the path numbered `n` has row `n` of `counts`). */
  readonly nodes: PathNode[] = [];
  /** Per later path (by its number among them), 1 once it held a value. */
  private untrackedValued = new Uint8Array(1024);
  private untrackedPaths = 0;
  /** Where the shared row of the later paths starts. */
  private readonly sharedRow: number;

  constructor(private readonly maxTracked: number) {
    this.sharedRow = maxTracked << ROW_SHIFT;
  }
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

  /**
   * Where the counts of a path not seen before, or of a later path, start. A path counted one by one keeps
   * its row's start in `node.countsAt` for the next time; a later path keeps `-2 - its number` there, so
   * each of its events comes here (a file past `maxTracked` paths is rare) and `valued` marks it.
   */
  private rowOf(node: PathNode, valued: boolean): number {
    if (node.countsAt === -1) {
      if (this.nodes.length < this.maxTracked) {
        const row = this.nodes.length << ROW_SHIFT;
        this.nodes.push(node);
        this.initialise(row);
        node.countsAt = row;
        return row;
      }
      if (this.untrackedPaths === 0) this.initialise(this.sharedRow);
      if (this.untrackedPaths === this.untrackedValued.length) {
        const grown = new Uint8Array(this.untrackedValued.length * 2);
        grown.set(this.untrackedValued);
        this.untrackedValued = grown;
      }
      node.countsAt = -2 - this.untrackedPaths++;
    }
    if (valued) this.untrackedValued[-2 - node.countsAt] = 1;
    return this.sharedRow;
  }

  /** Makes room for the row starting at `row` and sets its starting values. */
  private initialise(row: number): void {
    if (this.counts.length < row + FIELDS) {
      const grown = new Float64Array(Math.max(this.counts.length * 2, row + FIELDS));
      grown.set(this.counts);
      this.counts = grown;
    }
    this.counts[LAST_RECORD + row] = -1;
    this.counts[MIN_LENGTH + row] = Number.POSITIVE_INFINITY;
    this.counts[MAX_LENGTH + row] = -1;
  }

  /** Adds one to the count at `index` of `counts`. */
  private increment(index: number): void {
    this.counts[index] = (this.counts[index] as number) + 1;
  }

  /** The current record holds the path whose row starts at `row` (counted once per record). */
  private holds(row: number): void {
    if (this.counts[LAST_RECORD + row] !== this.records) {
      this.counts[LAST_RECORD + row] = this.records;
      this.increment(PRESENT + row);
    }
  }

  leaf(node: PathNode, kind: number, length: number): void {
    if (this.events++ < this.counted) return;
    const row = node.countsAt >= 0 ? node.countsAt : this.rowOf(node, true);
    this.holds(row);
    if (kind === LEAF_STRING) {
      this.increment(LEAF_STRING + row);
      if (length === 0) {
        this.increment(EMPTY + row);
        return;
      }
    } else if (kind < LEAF_EMPTY_OBJECT) {
      this.increment(kind + row);
      if (kind === LEAF_NULL) return;
    } else {
      // Empty containers: a length of 2 (`{}`, `[]`), and an empty array's size 0.
      length = 2;
      if (kind === LEAF_EMPTY_ARRAY) {
        this.increment(EMPTY_ARRAYS + row);
        this.hasArrays = true;
        this.arrayLength(row, 0);
      } else this.increment(EMPTY_OBJECTS + row);
    }
    const counts = this.counts;
    if (length < (counts[MIN_LENGTH + row] as number)) counts[MIN_LENGTH + row] = length;
    if (length > (counts[MAX_LENGTH + row] as number)) counts[MAX_LENGTH + row] = length;
  }

  open(node: PathNode | null, array: boolean, depth: number): void {
    if (depth > this.maxDepth) this.maxDepth = depth;
    if (node === null || this.events++ < this.counted) return;
    const row = node.countsAt >= 0 ? node.countsAt : this.rowOf(node, false);
    this.holds(row);
    if (array) this.hasArrays = true;
    this.increment((array ? ARRAYS_HELD : OBJECTS) + row);
  }

  closeArray(node: PathNode, size: number): void {
    if (this.events++ < this.counted) return;
    this.arrayLength(node.countsAt >= 0 ? node.countsAt : this.rowOf(node, false), size);
  }

  private arrayLength(row: number, size: number): void {
    const counts = this.counts;
    const arrays = counts[ARRAYS + row] as number;
    counts[ARRAYS + row] = arrays + 1;
    if (arrays === 0) {
      counts[ARRAY_MIN + row] = size;
      counts[ARRAY_MAX + row] = size;
    } else {
      if (size < (counts[ARRAY_MIN + row] as number)) counts[ARRAY_MIN + row] = size;
      if (size > (counts[ARRAY_MAX + row] as number)) counts[ARRAY_MAX + row] = size;
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
    const c = this.counts.subarray(this.sharedRow, this.sharedRow + FIELDS);
    return { paths: this.untrackedPaths, columns, values: valuesOf(c) - countAt(c, LEAF_NULL) };
  }

  /** The counts of the path numbered `n` (below `maxTracked`). */
  path(n: number): PathCounts {
    const c = this.counts.subarray(n << ROW_SHIFT, (n + 1) << ROW_SHIFT);
    const node = this.nodes[n] as PathNode;
    const values = valuesOf(c);
    return {
      header: node.header ?? '',
      underArray: node.underArray,
      isColumn: values > 0,
      types: {
        string: countAt(c, LEAF_STRING),
        number: countAt(c, LEAF_NUMBER),
        boolean: countAt(c, LEAF_BOOLEAN),
        null: countAt(c, LEAF_NULL),
        object: countAt(c, OBJECTS) + countAt(c, EMPTY_OBJECTS),
        array: countAt(c, ARRAYS_HELD) + countAt(c, EMPTY_ARRAYS),
      },
      values,
      present: countAt(c, PRESENT),
      empty: countAt(c, EMPTY),
      minLength: countAt(c, MIN_LENGTH),
      maxLength: countAt(c, MAX_LENGTH),
      arrays:
        c[ARRAYS] === 0 ? null : { count: countAt(c, ARRAYS), min: countAt(c, ARRAY_MIN), max: countAt(c, ARRAY_MAX) },
    };
  }
}

/**
 * A count as a small integer when it is one. Read as it is, a Float64Array's element comes as a boxed double
 * even when whole, and an object field that held small integers and is then given one changes its shape for
 * good: the analysis's FieldStats did, and every later conversion's code for them was made again.
 */
function countAt(c: Float64Array, field: number): number {
  const count = c[field] as number;
  return count < SMALL_INTEGERS && count > -SMALL_INTEGERS ? count | 0 : count;
}

/** Values at a path: its scalars (nulls included) and its empty containers; a non-empty container is not one. */
function valuesOf(c: Float64Array): number {
  let values = 0;
  for (let type = LEAF_STRING; type <= LEAF_NULL; type++) values += countAt(c, type);
  return values + countAt(c, EMPTY_OBJECTS) + countAt(c, EMPTY_ARRAYS);
}
