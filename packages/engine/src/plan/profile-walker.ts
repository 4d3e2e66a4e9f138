import { DistinctCounter } from '../analysis/distinct-counter.js';
import { combineHashes, HashState, hashBytes, hashKey } from '../analysis/value-hash.js';
import { joinsExactly } from '../flatten/record-flattener.js';
import { ByteBuilder } from '../json/byte-builder.js';
import { JsonCursor } from '../json/json-cursor.js';
import { matchLiteral, scanNumber } from '../json/json-scalars.js';
import { decodeKey, decodeString, scanString } from '../json/json-string.js';
import { K_ARRAY, K_BOOLEAN, K_NULL, K_NUMBER, K_OBJECT, K_STRING, type ProfileNode } from './profile-tree.js';

/** Leaf paths counted exactly (a set of numbers, a few MB at most), then estimated in 4 KiB. */
const LEAF_PATHS_EXACT = 1 << 18;

const VALUE = 0;
const AFTER = 1;

function skipSpace(buf: Uint8Array, i: number): number {
  let j = i;
  for (;;) {
    const c = buf[j];
    if (c === 32 || c === 10 || c === 13 || c === 9) j++;
    else return j;
  }
}

function hasBackslash(buf: Uint8Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (buf[k] === 92) return true;
  return false;
}

/**
 * Walks one validated record into a profile tree: every value counted at its path, every array's length,
 * every object's keys. Containers live on an explicit stack, so depth costs no call-stack frames.
 */
export class ProfileWalker {
  private nodes: ProfileNode[] = [];
  private arrays: boolean[] = [];
  private sizes: number[] = [];
  private readonly cursor = new JsonCursor();
  private readonly scratch = new ByteBuilder();
  /** Deepest nesting seen (1: the record's own values). */
  maxDepth = 0;
  /**
   * The distinct paths of leaves with their positions (`a.0.b`, `a.1.b`): the columns json2csv writes with
   * its default `index` arrays, counted (exactly to LEAF_PATHS_EXACT, then within about 2%) rather than
   * estimated from the longest array at each level, which multiplies them.
   */
  readonly leafPaths = new DistinctCounter(LEAF_PATHS_EXACT);
  /** The path hash of each open container, and of the value being read. */
  private pathHighs: number[] = [];
  private pathLows: number[] = [];
  private readonly path = new HashState();
  private readonly segment = new HashState();

  /** The path of the value being read: the container at `level`, then `segment`. */
  private enter(level: number): void {
    const container = this.segment;
    const path = this.path;
    const high = this.pathHighs[level] as number;
    const low = this.pathLows[level] as number;
    path.high = high;
    path.low = low;
    combineHashes(path, container, path);
  }

  /** The value being read, at `node`, is a leaf (a scalar or an empty container): one column. */
  private leaf(node: ProfileNode): void {
    const key = hashKey(this.path);
    this.leafPaths.add(key);
    node.leafPaths.add(key);
  }

  /** Walks the record at `buf[i]` under `root`; returns the index after it. */
  walk(buf: Uint8Array, i: number, end: number, root: ProfileNode): number {
    const cursor = this.cursor;
    const nodes = this.nodes;
    const arrays = this.arrays;
    const sizes = this.sizes;
    let depth = 0;
    let node = root;
    let state = VALUE;
    this.path.high = 0;
    this.path.low = 0;
    for (;;) {
      if (state === VALUE) {
        i = skipSpace(buf, i);
        const c = buf[i] as number;
        state = AFTER;
        if (c === 34) {
          const e = scanString(buf, i + 1, end, cursor);
          node.seen(K_STRING);
          let unsafe: boolean;
          if (hasBackslash(buf, i + 1, e - 1)) {
            // Escapes (`\u0440`, `\u003b`) are judged by what they stand for.
            this.scratch.length = 0;
            decodeString(buf, i + 1, end, cursor, this.scratch);
            unsafe = !joinsExactly(this.scratch.bytes, 0, this.scratch.length);
          } else unsafe = !joinsExactly(buf, i + 1, e - 1);
          if (unsafe) node.joinUnsafe++;
          this.leaf(node);
          i = e;
        } else if (c === 123 || c === 91) {
          node.seen(c === 123 ? K_OBJECT : K_ARRAY);
          const j = skipSpace(buf, i + 1);
          if (buf[j] === (c === 123 ? 125 : 93)) {
            if (c === 123) node.closeObject(0);
            else node.closeArray(0);
            this.leaf(node);
            i = j + 1;
            continue;
          }
          nodes[depth] = node;
          arrays[depth] = c === 91;
          sizes[depth] = 0;
          this.pathHighs[depth] = this.path.high;
          this.pathLows[depth] = this.path.low;
          depth++;
          if (depth > this.maxDepth) this.maxDepth = depth;
          if (c === 91) this.position(0, depth - 1);
          i = c === 91 ? j : this.key(buf, j, end, depth - 1);
          node = c === 91 ? node.item() : this.current;
          state = VALUE;
        } else if (c === 116 || c === 102 || c === 110) {
          node.seen(c === 110 ? K_NULL : K_BOOLEAN);
          this.leaf(node);
          i = matchLiteral(buf, i, end, cursor);
        } else {
          node.seen(K_NUMBER);
          this.leaf(node);
          i = scanNumber(buf, i, end, cursor);
        }
      } else {
        if (depth === 0) return i;
        i = skipSpace(buf, i);
        const top = depth - 1;
        const parent = nodes[top] as ProfileNode;
        sizes[top] = (sizes[top] as number) + 1;
        if (buf[i] === 44) {
          i = skipSpace(buf, i + 1);
          if (arrays[top]) {
            node = parent.item();
            this.position(sizes[top] as number, top);
          } else {
            i = this.key(buf, i, end, top);
            node = this.current;
          }
          state = VALUE;
        } else {
          i++;
          depth--;
          if (arrays[top]) parent.closeArray(sizes[top] as number);
          else parent.closeObject(sizes[top] as number);
          node = parent;
        }
      }
    }
  }

  /** The node of the key starting at `buf[i]` (its quote), in `this.current`; returns the index after its `:`. */
  private current!: ProfileNode;
  private key(buf: Uint8Array, i: number, end: number, level: number): number {
    const close = scanString(buf, i + 1, end, this.cursor);
    const key = decodeKey(buf, i + 1, close - 1, this.cursor, this.scratch);
    this.current = (this.nodes[level] as ProfileNode).child(key);
    hashBytes(buf, i + 1, close - 1, 1, this.segment);
    this.enter(level);
    return skipSpace(buf, close) + 1;
  }

  /** The element at `position` of the array open at `level`. */
  private position(position: number, level: number): void {
    this.segment.high = position;
    this.segment.low = position ^ 0x5bd1e995;
    this.enter(level);
  }
}
