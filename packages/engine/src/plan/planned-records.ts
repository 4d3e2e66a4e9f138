import { POSITION_SEGMENT } from '../flatten/column-set.js';
import { type FlattenPlan, JOIN_SEPARATOR, parsePlanPath } from '../flatten/flatten-plan.js';
import { compilePlan, type PlanNode, STRATEGY_JOIN } from '../flatten/plan-trie.js';
import { decodeHeaderPath, encodeHeaderPath, type PathSegment } from '../header-path.js';
import { HOLE, JsonNumber, type JsonObject, type JsonValue, writeJsonValue } from './json-value.js';

/** What one column of a table written under a plan holds. */
interface ColumnRole {
  /** Path below the record. */
  path: PathSegment[];
  /** For an element column, its path below the exploded element. */
  elementPath: PathSegment[];
  /** A `join` column: its text splits back into an array of strings. */
  joined: boolean;
  /** The same, for the column read as part of an exploded element (the plan's `path.[]`). */
  elementJoined: boolean;
  /** The `*` column of keys the plan gathers (see `GatheringSink`): its object's members go back beside it. */
  gathered: boolean;
  /** The same, for the column read as part of an exploded element. */
  elementGathered: boolean;
  /** Lies below the plan's rows path: part of an exploded element. */
  element: boolean;
}

/** A row as the table holds it: each column's typed value, by header. */
export type FlatRow = Map<string, JsonValue>;

/** A record read back: its key when the records were a map's members, and its value. */
export interface PlannedRecord {
  key: string | null;
  value: JsonValue;
}

function textOf(value: JsonValue): string {
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  return String(value);
}

/**
 * A map record's key from its key column's cell. Like any cell, a key whose whole text is a JSON array or object
 * was read as that container; its key is that JSON text again (exact but for white space inside it).
 */
function keyOf(cell: JsonValue): string {
  return cell instanceof Map || Array.isArray(cell) ? writeJsonValue(cell) : textOf(cell);
}

/**
 * A `join` column's cell: joined text splits into its strings; what the writer kept whole comes back whole (a
 * list it could not join is JSON, a lone string JSON text in quotes, a number or boolean itself).
 */
function joinedValue(cell: JsonValue): JsonValue {
  if (typeof cell !== 'string') return cell;
  if (cell.startsWith('"')) return JSON.parse(cell) as string;
  return cell.split(JOIN_SEPARATOR);
}

function isContainer(value: JsonValue | undefined): value is JsonValue[] | JsonObject {
  return Array.isArray(value) || value instanceof Map;
}

/**
 * Builds records from the rows of a table written under a plan, one row at a time: the inverse of what the
 * plan's strategies did. Joined cells split on `; `, JSON cells are already containers (the cell inference
 * reads them), an exploded array's rows (its position in `path.\#`: 0 starts a record) gather back into one
 * record, and a map's key column becomes the record's key. Empty cells become nulls where nothing else holds
 * the path, as csv2json does without a plan.
 */
export class PlannedRecordBuilder {
  private readonly plan: PlanNode;
  private readonly roles = new Map<string, ColumnRole | null>();
  private readonly rowsPath: string[] | null;
  private readonly positionHeader: string | null;
  private readonly keyColumn: string | null;
  private group: FlatRow[] = [];
  /** Containers that came whole from a cell (see `setPath`): one set for all records, not one per record. */
  private readonly sealed = new WeakSet<object>();

  /**
   * `rename` gives the name a header is read under (a relational child table's `parts.sku` is `V.sku`), or
   * null for a column that holds no data (ids); it is asked once per header.
   */
  constructor(
    plan: FlattenPlan,
    private readonly separator: string,
    private readonly rename: (header: string) => string | null = (header) => header,
  ) {
    this.plan = compilePlan(plan);
    const rows = plan.paths.find((entry) => entry.strategy === 'rows');
    this.rowsPath =
      rows === undefined ? null : parsePlanPath(rows.path).map((segment) => ('key' in segment ? segment.key : ''));
    this.positionHeader =
      this.rowsPath === null ? null : `${encodeHeaderPath(this.rowsPath, separator)}${separator}${POSITION_SEGMENT}`;
    this.keyColumn = plan.records?.shape === 'map' ? (plan.records.keyColumn ?? 'key') : null;
  }

  /** Takes the next row; returns the record the rows before it completed, if this row starts a new one. */
  push(row: FlatRow): PlannedRecord | null {
    const done = this.group.length > 0 && this.startsRecord(row) ? this.finish() : null;
    this.group.push(row);
    return done;
  }

  /** The last record, after the last row. */
  end(): PlannedRecord | null {
    return this.group.length > 0 ? this.finish() : null;
  }

  private position(row: FlatRow): number | null {
    if (this.positionHeader === null) return null;
    const value = row.get(this.positionHeader);
    return value === undefined || value === null ? null : Number(textOf(value));
  }

  private startsRecord(row: FlatRow): boolean {
    const position = this.position(row);
    return position === null || position === 0;
  }

  private finish(): PlannedRecord {
    const rows = this.group;
    this.group = [];
    const first = rows[0] as FlatRow;
    const exploded = this.position(first) !== null;
    const record: JsonObject = new Map();
    const sealed = this.sealed;
    const nulls = this.fill(record, first, sealed, exploded ? 'parent' : 'all');
    if (exploded && this.rowsPath !== null) {
      const elements: JsonValue[] = [];
      for (const row of rows) {
        const holder: JsonObject = new Map();
        setNulls(holder, this.fill(holder, row, sealed, 'element'), sealed);
        elements.push(holder.get('') ?? null);
      }
      setPath(record, this.rowsPath, elements, sealed, true);
    }
    // The parent's nulls last: an empty `a.0` (another record's array) must not make `a` an array before
    // the exploded elements take `a.tags`.
    setNulls(record, nulls, sealed);
    let key: string | null = null;
    if (this.keyColumn !== null) {
      const cell = first.get(this.keyColumn);
      key = cell === undefined || cell === null ? '' : keyOf(cell);
    }
    return { key, value: record };
  }

  /**
   * Writes a row's cells into `target`: every column, only the parent's, or only the element's (under key '').
   * Returns the paths of its empty cells, for `setNulls` once everything else is in place.
   */
  private fill(
    target: JsonObject,
    row: FlatRow,
    sealed: WeakSet<object>,
    part: 'all' | 'parent' | 'element',
  ): PathSegment[][] {
    const nulls: PathSegment[][] = [];
    for (const [header, cell] of row) {
      const role = this.roleOf(header);
      if (role === null) continue;
      if (part === 'parent' && role.element) continue;
      if (part === 'element' && !role.element) continue;
      const path = part === 'element' ? ['', ...role.elementPath] : role.path;
      if (part === 'element' ? role.elementGathered : role.gathered) {
        if (cell instanceof Map) {
          const parent = path.slice(0, -1);
          for (const [key, member] of cell) setPath(target, [...parent, key], member, sealed, true);
          continue;
        }
        if (cell === null) continue;
      }
      if (cell === null) {
        nulls.push(path);
        continue;
      }
      const joined = part === 'element' ? role.elementJoined : role.joined;
      setPath(target, path, joined ? joinedValue(cell) : cell, sealed, true);
    }
    return nulls;
  }

  /** The plan's node of `path`, read with an array element (`[]`) inserted after segment `elementAfter`. */
  private nodeOf(path: readonly PathSegment[], elementAfter: number): PlanNode | null {
    let node: PlanNode | null = this.plan;
    for (let n = 0; n < path.length && node !== null; n++) {
      const segment = path[n] as PathSegment;
      node = typeof segment === 'number' ? node.item() : node.key(segment);
      if (n === elementAfter && node !== null) node = node.item();
    }
    return node;
  }

  /** Whether the plan joins `path` (see `nodeOf`). */
  private joins(path: readonly PathSegment[], elementAfter: number): boolean {
    return this.nodeOf(path, elementAfter)?.strategy === STRATEGY_JOIN;
  }

  /** Whether `path` is the `*` column of the keys the plan gathers at its parent (see `nodeOf`). */
  private gathers(path: readonly PathSegment[], elementAfter: number): boolean {
    if (path[path.length - 1] !== '*') return false;
    const parent = this.nodeOf(path.slice(0, -1), elementAfter);
    return parent?.gathers === true && parent.named('*') === null;
  }

  /** A column's role from its header, computed once; null for the key and position columns. */
  private roleOf(header: string): ColumnRole | null {
    const known = this.roles.get(header);
    if (known !== undefined) return known;
    let role: ColumnRole | null = null;
    const name = this.rename(header);
    if (name !== null && name !== this.keyColumn && name !== this.positionHeader) {
      const path = decodeHeaderPath(name, this.separator);
      const rows = this.rowsPath;
      const element = rows !== null && path.length >= rows.length && rows.every((key, n) => path[n] === key);
      role = {
        path,
        elementPath: element ? path.slice((rows as string[]).length) : [],
        joined: this.joins(path, -1),
        // An exploded element's columns sit right under the array's path; the plan names them `path.[]`.
        elementJoined: element && this.joins(path, (rows as string[]).length - 1),
        gathered: this.gathers(path, -1),
        elementGathered: element && this.gathers(path, (rows as string[]).length - 1),
        element,
      };
    }
    this.roles.set(header, role);
    return role;
  }
}

/** Writes the nulls of empty cells where nothing else is. */
function setNulls(target: JsonObject, nulls: PathSegment[][], sealed: WeakSet<object>): void {
  // Shorter paths first: a null at `a` is the record's own null, a null at `a.0` only padding below it.
  nulls.sort((x, y) => x.length - y.length);
  for (const path of nulls) setPath(target, path, null, sealed, false);
}

/**
 * Sets `value` at `path` below `root`, making objects and arrays on the way. A value that came whole from a
 * cell (a JSON container) is sealed: nothing is added inside it. A null (`create` false) is written only where
 * it takes no one's place.
 */
function setPath(
  root: JsonObject,
  path: readonly PathSegment[],
  value: JsonValue,
  sealed: WeakSet<object>,
  create: boolean,
): void {
  let container: JsonValue[] | JsonObject = root;
  for (let n = 0; n < path.length; n++) {
    const segment = path[n] as PathSegment;
    const last = n === path.length - 1;
    const member = getMember(container, segment);
    const existing: JsonValue | undefined = member === HOLE ? undefined : member;
    if (last) {
      if (existing !== undefined && (existing !== null || !create)) return;
      setMember(container, segment, value);
      if (isContainer(value)) sealed.add(value);
      return;
    }
    if (existing === null && !create) return;
    if (existing === undefined || existing === null) {
      const made: JsonValue[] | JsonObject = typeof path[n + 1] === 'number' ? [] : new Map();
      if (!setMember(container, segment, made)) return;
      container = made;
    } else if (isContainer(existing) && !sealed.has(existing)) {
      if (Array.isArray(existing) !== (typeof path[n + 1] === 'number')) return;
      container = existing;
    } else return;
  }
}

function getMember(container: JsonValue[] | JsonObject, segment: PathSegment): JsonValue | undefined {
  if (Array.isArray(container)) return typeof segment === 'number' ? container[segment] : undefined;
  return container.get(String(segment));
}

/** Sets a member; false when the container cannot take it (a key on an array). Skipped positions are holes. */
function setMember(container: JsonValue[] | JsonObject, segment: PathSegment, value: JsonValue): boolean {
  if (Array.isArray(container)) {
    if (typeof segment !== 'number') return false;
    while (container.length < segment) container.push(HOLE);
    container[segment] = value;
    return true;
  }
  container.set(String(segment), value);
  return true;
}
