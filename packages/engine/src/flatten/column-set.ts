import { appendHeaderSegment, decodeHeaderPath } from '../header-path.js';
import { keyReplacedLoneSurrogate } from '../json/json-string.js';
import { ID_HEADER } from './child-tables.js';
import { MAP_KEY_COLUMN, mapKeyColumn } from './map-key-column.js';
import { type PlanNode, STRATEGY_DEFAULT, STRATEGY_JOIN } from './plan-trie.js';

/**
 * One path in the records (`user`, `user.address`, `tags.0`): a trie node with the column it owns, if any.
 * Object keys are looked up by prediction first: `first` and `next` remember the key order of the last
 * record that passed here, so a record of the same shape compares key bytes and never builds a string.
 * A key's bytes live in a slab shared with other keys (`KeySlabs`): a record with a million keys then costs
 * a million nodes, not a million nodes and a million buffers.
 */
export class PathNode {
  /** The column holding this path's value, or -1 while it has none. */
  col = -1;
  /** Whether the path lies below an array (`tags.0`, `items.0.sku`). */
  underArray = false;
  /** Where the analysis's counts of this path start (`LeafCounts`); -1 while it has none. */
  countsAt = -1;
  /** The predicted first key of an object at this path. */
  first: PathNode | null = null;
  /** The key that followed this one last time, in the same object. */
  next: PathNode | null = null;
  /** The plan's node for this path (null: no plan, or nothing planned here or below). */
  plan: PlanNode | null = null;
  /** The plan's STRATEGY_* for this path, looked up once when the node is made. */
  strategy = STRATEGY_DEFAULT;
  /** The column of a path the plan joins, which leaves `col` at -1 (see `ColumnSet.columnOf`). */
  uncachedCol = -1;
  /** A node whose column this one shares (an exploded array's elements write to the array's own column). */
  alias: PathNode | null = null;
  private children: Map<string, PathNode> | null = null;
  private items: PathNode[] | null = null;
  private elementNode: PathNode | null = null;
  private positionNode: PathNode | null = null;

  constructor(
    /** The encoded header of this path; null for the record itself. */
    readonly header: string | null,
    /**
     * The key exactly as its bytes appeared in the input (escapes included), for the prediction: the bytes
     * `keyLength` long from `keyStart` in `keySlab`.
     */
    readonly keySlab: Uint8Array = EMPTY,
    readonly keyStart = 0,
    readonly keyLength = 0,
  ) {}

  /**
   * The child for an object key (`key` decoded; `buf[start, end)` its bytes as in the input), created on
   * first use.
   */
  child(key: string, buf: Uint8Array, start: number, end: number, columns: ColumnSet): PathNode {
    if (this.children === null) this.children = new Map();
    let node = this.children.get(key);
    if (node === undefined) {
      const slabs = columns.keySlabs;
      const at = slabs.store(buf, start, end);
      node = new PathNode(appendHeaderSegment(this.header, key, columns.separator), slabs.slab, at, end - start);
      node.underArray = this.underArray;
      if (this.plan !== null) node.planned(this.plan.key(key));
      this.children.set(key, node);
      if (keyReplacedLoneSurrogate(key, buf, start, end)) columns.replacedKeys.push(node);
    }
    return node;
  }

  /** The child for an array position, created on first use. */
  item(index: number, separator: string): PathNode {
    if (this.items === null) this.items = [];
    let node = this.items[index];
    if (node === undefined) {
      node = new PathNode(appendHeaderSegment(this.header, index, separator));
      node.underArray = true;
      if (this.plan !== null) node.planned(this.plan.item());
      this.items[index] = node;
    }
    return node;
  }

  /**
   * The node of every element of this array exploded into rows (plan strategy `rows`): its fields go under
   * this path (`items.sku`) and a scalar element into this path's own column, while the plan sees `items.[]`.
   */
  element(): PathNode {
    if (this.elementNode === null) {
      const node = new PathNode(this.header);
      node.underArray = true;
      node.alias = this;
      if (this.plan !== null) node.planned(this.plan.item());
      this.elementNode = node;
    }
    return this.elementNode;
  }

  /**
   * The column of an exploded element's position, `items.\#`: no key can be written so (a backslash in a key
   * is always doubled), so it never meets a real column.
   */
  position(separator: string): PathNode {
    this.positionNode ??= new PathNode(`${this.header ?? ''}${separator}${POSITION_SEGMENT}`);
    return this.positionNode;
  }

  /** Whether an object at this path had the key `key` (decoded). */
  hasChild(key: string): boolean {
    return this.children?.has(key) === true;
  }

  private planned(plan: PlanNode | null): void {
    this.plan = plan;
    if (plan !== null) this.strategy = plan.strategy;
  }

  /** Attaches a compiled plan to the record's root. */
  attachPlan(plan: PlanNode): void {
    this.planned(plan);
  }
}

/** The last header segment of an exploded array's position column. */
export const POSITION_SEGMENT = '\\#';

const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();
const KEY_SLAB_BYTES = 1 << 16;

/** The input bytes of object keys, copied into shared slabs (a key longer than a quarter slab gets its own). */
export class KeySlabs {
  private shared = new Uint8Array(KEY_SLAB_BYTES);
  private used = 0;
  /** The slab that the last `store` wrote to. */
  slab = this.shared;

  /** Copies `buf[start, end)` into a slab (then `slab`); answers its offset there. */
  store(buf: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (length > KEY_SLAB_BYTES / 4) {
      this.slab = buf.slice(start, end);
      return 0;
    }
    if (this.used + length > KEY_SLAB_BYTES) {
      this.shared = new Uint8Array(KEY_SLAB_BYTES);
      this.used = 0;
    }
    const at = this.used;
    const shared = this.shared;
    for (let k = 0; k < length; k++) shared[at + k] = buf[start + k] as number;
    this.used += length;
    this.slab = shared;
    return at;
  }
}

/** The output columns in first-seen order, and the path trie they come from. */
export class ColumnSet {
  readonly headers: string[] = [];
  readonly root = new PathNode(null);
  readonly keySlabs = new KeySlabs();
  /** The paths whose key held a lone surrogate escape, written as U+FFFD in their header, in first-seen order. */
  readonly replacedKeys: PathNode[] = [];

  constructor(readonly separator: string) {}

  /** Number of columns so far. */
  get width(): number {
    return this.headers.length;
  }

  /** The column of a path, added at the end the first time a value appears there. */
  columnOf(node: PathNode): number {
    if (node.col >= 0) return node.col;
    if (node.uncachedCol >= 0) return node.uncachedCol;
    let col: number;
    if (node.alias !== null) col = this.columnOf(node.alias);
    else {
      col = this.headers.length;
      this.headers.push(node.header ?? '');
    }
    // A joined path keeps `col` at -1, so the flattener's cached-column test also sends its strings apart.
    if (node.strategy === STRATEGY_JOIN) node.uncachedCol = col;
    else node.col = col;
    return col;
  }

  /**
   * Adds the columns of these headers (paths written as `appendHeaderSegment` writes them), in this order, before
   * any record: a piece of a file split across cores starts with the columns the file's start has, so that its
   * columns come in the whole file's order (see node/parallel).
   */
  seed(headers: readonly string[]): void {
    for (const header of headers) {
      let node = this.root;
      for (const segment of decodeHeaderPath(header, this.separator)) {
        node = typeof segment === 'number' ? node.item(segment, this.separator) : this.namedChild(node, segment);
      }
      this.columnOf(node);
    }
  }

  /** The first column at `node`'s path or below it (`a.x` for `a`), or -1 when none is. */
  firstColumnUnder(node: PathNode): number {
    if (node.col >= 0) return node.col;
    const header = node.header ?? '';
    const below = header + this.separator;
    return this.headers.findIndex((name) => name === header || name.startsWith(below));
  }

  /** The node of the record key `value`, which holds records that are not objects. */
  valueNode(): PathNode {
    return this.namedChild(this.root, 'value');
  }

  /** The child of `parent` for a key given as text (not read from the input). */
  namedChild(parent: PathNode, key: string): PathNode {
    const bytes = encoder.encode(key);
    return parent.child(key, bytes, 0, bytes.length, this);
  }

  private idNode: PathNode | null = null;

  /** The node of the rows' generated ids in relational output, `\#id`, which no key can name. */
  recordIdNode(): PathNode {
    this.idNode ??= new PathNode(ID_HEADER);
    return this.idNode;
  }

  private mapKey: PathNode | null = null;

  /**
   * The node of a map's keys when the records are a map's members: apart from the record's own keys, so that
   * no data key reaches it; its header is decided by `nameMapKeyColumn` once every record is seen.
   */
  mapKeyNode(): PathNode {
    this.mapKey ??= new PathNode(MAP_KEY_COLUMN);
    return this.mapKey;
  }

  /**
   * Names the map's keys column (when there is one) `key`, or `key_2`, ... when a record has a top-level
   * field of that name; answers the name, or null when no record was a map's member.
   */
  nameMapKeyColumn(): string | null {
    const col = this.mapKey?.col ?? -1;
    if (col < 0) return null;
    const name = mapKeyColumn((key) => this.root.hasChild(key));
    this.headers[col] = appendHeaderSegment(null, name, this.separator);
    return name;
  }

  /** Adds a column by name (a header row of an array of arrays); names may repeat. */
  addNamed(name: string): number {
    this.headers.push(name);
    return this.headers.length - 1;
  }
}
