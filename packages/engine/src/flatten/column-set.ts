import { appendHeaderSegment } from '../header-path.js';

/**
 * One path in the records (`user`, `user.address`, `tags.0`): a trie node with the column it owns, if any.
 * Object keys are looked up by prediction first: `first` and `next` remember the key order of the last
 * record that passed here, so a record of the same shape compares key bytes and never builds a string.
 */
export class PathNode {
  /** The column holding this path's value, or -1 while it has none. */
  col = -1;
  /** Whether the path lies below an array (`tags.0`, `items.0.sku`). */
  underArray = false;
  /** The analysis's slot for this path (`LeafObserver`), or -1 while it has none. */
  slot = -1;
  /** The predicted first key of an object at this path. */
  first: PathNode | null = null;
  /** The key that followed this one last time, in the same object. */
  next: PathNode | null = null;
  private children: Map<string, PathNode> | null = null;
  private items: PathNode[] | null = null;

  constructor(
    /** The encoded header of this path; null for the record itself. */
    readonly header: string | null,
    /** The key exactly as its bytes appeared in the input (escapes included), for the prediction. */
    readonly raw: Uint8Array,
  ) {}

  /** The child for an object key (decoded), created on first use. */
  child(key: string, raw: Uint8Array, separator: string): PathNode {
    if (this.children === null) this.children = new Map();
    let node = this.children.get(key);
    if (node === undefined) {
      node = new PathNode(appendHeaderSegment(this.header, key, separator), raw);
      node.underArray = this.underArray;
      this.children.set(key, node);
    }
    return node;
  }

  /** The child for an array position, created on first use. */
  item(index: number, separator: string): PathNode {
    if (this.items === null) this.items = [];
    let node = this.items[index];
    if (node === undefined) {
      node = new PathNode(appendHeaderSegment(this.header, index, separator), EMPTY);
      node.underArray = true;
      this.items[index] = node;
    }
    return node;
  }
}

const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();

/** The output columns in first-seen order, and the path trie they come from. */
export class ColumnSet {
  readonly headers: string[] = [];
  readonly root = new PathNode(null, EMPTY);

  constructor(readonly separator: string) {}

  /** Number of columns so far. */
  get width(): number {
    return this.headers.length;
  }

  /** The column of a path, added at the end the first time a value appears there. */
  columnOf(node: PathNode): number {
    if (node.col < 0) {
      node.col = this.headers.length;
      this.headers.push(node.header ?? '');
    }
    return node.col;
  }

  /** The node of the record key `value`, which holds records that are not objects. */
  valueNode(): PathNode {
    return this.root.child('value', encoder.encode('value'), this.separator);
  }

  /** Adds a column by name (a header row of an array of arrays); names may repeat. */
  addNamed(name: string): number {
    this.headers.push(name);
    return this.headers.length - 1;
  }
}
