import { ByteBuilder } from '../json/byte-builder.js';
import { INCOMPLETE, type JsonCursor } from '../json/json-cursor.js';
import { matchLiteral, scanNumber } from '../json/json-scalars.js';
import { decodeKey, decodeString, holdsLoneSurrogate, scanString } from '../json/json-string.js';
import { appendMinified, skipValue } from '../json/skip-value.js';
import type { ArrayStrategy } from '../options.js';
import type { CellWriter } from './cell-writer.js';
import type { ChildTables } from './child-tables.js';
import type { ColumnSet, PathNode } from './column-set.js';
import {
  LEAF_BOOLEAN,
  LEAF_EMPTY_ARRAY,
  LEAF_EMPTY_OBJECT,
  LEAF_NULL,
  LEAF_NUMBER,
  LEAF_STRING,
  type LeafObserver,
} from './leaf-observer.js';
import { STRATEGY_DEFAULT, STRATEGY_JOIN, STRATEGY_JSON, STRATEGY_ROWS, STRATEGY_TABLE } from './plan-trie.js';
import type { RowBuffer } from './row-buffer.js';

const EMPTY_ARRAY = new TextEncoder().encode('[]');
const EMPTY_OBJECT = new TextEncoder().encode('{}');

const OBJECT = 1;
const ARRAY = 2;
const EXPLODED = 3;

const VALUE = 0;
const KEY = 1;
const AFTER = 2;

/**
 * Reads one record straight from the input bytes into cells, without building any JS value: strings and
 * numbers go byte for byte into the row buffer, keys are matched against the trie by prediction.
 * Containers are tracked on an explicit stack, so depth is limited by `maxDepth`, never by the call stack.
 */
export class RecordFlattener {
  private kinds = new Uint8Array(16);
  private nodes: PathNode[] = [];
  private previous: (PathNode | null)[] = [];
  private indexes = new Int32Array(16);
  private readonly text = new ByteBuilder();
  private readonly positionText = new ByteBuilder();
  private readonly valueNode: PathNode;
  /** Sees every leaf and container (the analysis of json2csv, `index` arrays only); null costs one test per value. */
  private observer: LeafObserver | null = null;
  /** Where a plan's `table` paths send their values (relational output only). */
  tables: ChildTables | null = null;

  constructor(
    private readonly columns: ColumnSet,
    private readonly cells: CellWriter,
    private readonly rows: RowBuffer,
    private readonly cursor: JsonCursor,
    private readonly arrays: ArrayStrategy,
    private readonly maxDepth: number,
  ) {
    this.valueNode = columns.valueNode();
  }

  /** From now on, `observer` sees every leaf and container, with each string's characters counted by the cell writer. */
  observe(observer: LeafObserver): void {
    this.observer = observer;
    this.cells.countsCharacters = true;
  }

  /** Reads the record whose first byte is at `i`; returns its end or INCOMPLETE. */
  parse(buf: Uint8Array, i: number, end: number, baseDepth: number): number {
    const cursor = this.cursor;
    const cells = this.cells;
    const columns = this.columns;
    const separator = columns.separator;
    const root = columns.root;
    const observer = this.observer;
    if (observer !== null) observer.startRecord();
    let node: PathNode = buf[i] === 123 ? root : this.valueNode;
    let depth = 0;
    let exploded = false;
    let state = VALUE;
    for (;;) {
      if (state === VALUE) {
        i = cursor.ws(buf, i);
        if (i >= end) return INCOMPLETE;
        const c = buf[i] as number;
        state = AFTER;
        if (c === 34) {
          if (node.col < 0 && node.strategy === STRATEGY_JOIN) {
            // A lone string where a plan joins lists: JSON text (quotes included), so it cannot read back as a list.
            const e = this.jsonCell(node, buf, i, end, baseDepth + depth);
            if (e < 0) return INCOMPLETE;
            i = e;
            continue;
          }
          i = cells.string(node.col >= 0 ? node.col : columns.columnOf(node), buf, i + 1, end);
          if (i < 0) return INCOMPLETE;
          if (observer !== null) observer.leaf(node, LEAF_STRING, cells.characters);
        } else if (c === 45 || (c >= 48 && c <= 57)) {
          const e = scanNumber(buf, i, end, cursor);
          if (e < 0) return INCOMPLETE;
          cells.literal(node.col >= 0 ? node.col : columns.columnOf(node), buf, i, e);
          if (observer !== null) observer.leaf(node, LEAF_NUMBER, e - i);
          i = e;
        } else if (c === 123 || c === 91) {
          const j = cursor.ws(buf, i + 1);
          if (j >= end) return INCOMPLETE;
          if (buf[j] === (c === 123 ? 125 : 93)) {
            if (node !== root) {
              cells.container(columns.columnOf(node), c === 123 ? EMPTY_OBJECT : EMPTY_ARRAY);
              if (observer !== null) observer.leaf(node, c === 123 ? LEAF_EMPTY_OBJECT : LEAF_EMPTY_ARRAY, 0);
            }
            i = j + 1;
            continue;
          }
          if (baseDepth + depth + 1 > this.maxDepth) cursor.tooDeep(i, this.maxDepth);
          // A plan's strategy for this path, else the conversion's: 0 means no plan touches this path.
          const strategy = node.strategy;
          const oneCell =
            strategy === STRATEGY_DEFAULT
              ? c === 91 && this.arrays !== 'index' && this.arrays !== 'explode'
              : strategy === STRATEGY_JSON ||
                strategy === STRATEGY_TABLE ||
                (c === 91 ? strategy === STRATEGY_JOIN : strategy === STRATEGY_ROWS);
          if (oneCell) {
            const e =
              strategy === STRATEGY_TABLE
                ? this.tableCell(node, buf, i, end, baseDepth + depth)
                : c === 91 && (strategy === STRATEGY_JOIN || (strategy === STRATEGY_DEFAULT && this.arrays === 'join'))
                  ? this.joinCell(node, buf, i, j, end, baseDepth + depth, strategy === STRATEGY_JOIN)
                  : this.jsonCell(node, buf, i, end, baseDepth + depth);
            if (e < 0) return INCOMPLETE;
            i = e;
            continue;
          }
          if (observer !== null) observer.open(node === root ? null : node, c === 91, depth + 1);
          if (depth === this.kinds.length) this.growStack();
          this.nodes[depth] = node;
          this.indexes[depth] = 0;
          if (c === 123) {
            this.kinds[depth] = OBJECT;
            this.previous[depth] = null;
            state = KEY;
          } else if (
            !exploded &&
            (strategy === STRATEGY_DEFAULT ? this.arrays === 'explode' && buf[j] === 123 : strategy === STRATEGY_ROWS)
          ) {
            // The first array of objects, depth-first (or the plan's rows path): one row per element, its
            // fields under the array's path.
            exploded = true;
            this.kinds[depth] = EXPLODED;
            this.rows.parts = 1;
            this.rows.owner = 1;
            if (strategy === STRATEGY_ROWS) {
              this.writePosition(node, 0);
              node = node.element();
            }
            state = VALUE;
          } else {
            this.kinds[depth] = ARRAY;
            node = node.item(0, separator);
            state = VALUE;
          }
          depth++;
          i = j;
        } else if (c === 116 || c === 102 || c === 110) {
          const e = matchLiteral(buf, i, end, cursor);
          if (e < 0) return INCOMPLETE;
          const col = node.col >= 0 ? node.col : columns.columnOf(node);
          if (c === 110) cells.empty(col);
          else cells.literal(col, buf, i, e);
          if (observer !== null) observer.leaf(node, c === 110 ? LEAF_NULL : LEAF_BOOLEAN, e - i);
          i = e;
        } else cursor.unexpected(buf, i, end, 'a value');
      } else if (state === KEY) {
        // Members of one object. Scalar values are read right here, so a flat record loops only in this block.
        const top = depth - 1;
        const parent = this.nodes[top] as PathNode;
        let previous = this.previous[top] as PathNode | null;
        for (;;) {
          i = cursor.ws(buf, i);
          if (i >= end) return INCOMPLETE;
          if (buf[i] !== 34) cursor.unexpected(buf, i, end, 'a key string');
          const guess = previous === null ? parent.first : previous.next;
          const keyStart = i + 1;
          let child: PathNode | null = null;
          if (guess !== null) {
            const slab = guess.keySlab;
            const from = guess.keyStart;
            const length = guess.keyLength;
            const keyEnd = keyStart + length;
            if (keyEnd < end && buf[keyEnd] === 34) {
              let k = 0;
              while (k < length && buf[keyStart + k] === slab[from + k]) k++;
              if (k === length) {
                child = guess;
                i = keyEnd + 1;
              }
            }
          }
          if (child === null) {
            const close = scanString(buf, keyStart, end, cursor);
            if (close < 0) return INCOMPLETE;
            const key = decodeKey(buf, keyStart, close - 1, cursor, this.text);
            child = parent.child(key, buf, keyStart, close - 1, columns);
            if (previous === null) parent.first = child;
            else previous.next = child;
            i = close;
          }
          previous = child;
          i = cursor.ws(buf, i);
          if (i >= end) return INCOMPLETE;
          if (buf[i] !== 58) cursor.unexpected(buf, i, end, "':'");
          i = cursor.ws(buf, i + 1);
          if (i >= end) return INCOMPLETE;
          const c = buf[i] as number;
          // A path the plan joins never caches its column (see ColumnSet.columnOf): the test costs nothing here.
          if (c === 34 && (child.col >= 0 || child.strategy !== STRATEGY_JOIN)) {
            i = cells.string(child.col >= 0 ? child.col : columns.columnOf(child), buf, i + 1, end);
            if (i < 0) return INCOMPLETE;
            if (observer !== null) observer.leaf(child, LEAF_STRING, cells.characters);
          } else if (c === 45 || (c >= 48 && c <= 57)) {
            const e = scanNumber(buf, i, end, cursor);
            if (e < 0) return INCOMPLETE;
            cells.literal(child.col >= 0 ? child.col : columns.columnOf(child), buf, i, e);
            if (observer !== null) observer.leaf(child, LEAF_NUMBER, e - i);
            i = e;
          } else if (c === 116 || c === 102 || c === 110) {
            const e = matchLiteral(buf, i, end, cursor);
            if (e < 0) return INCOMPLETE;
            const col = child.col >= 0 ? child.col : columns.columnOf(child);
            if (c === 110) cells.empty(col);
            else cells.literal(col, buf, i, e);
            if (observer !== null) observer.leaf(child, c === 110 ? LEAF_NULL : LEAF_BOOLEAN, e - i);
            i = e;
          } else {
            // A container, a literal, or a string the plan treats apart: the general value state reads it.
            node = child;
            state = VALUE;
            break;
          }
          i = cursor.ws(buf, i);
          if (i >= end) return INCOMPLETE;
          const next = buf[i];
          if (next === 44) {
            i++;
            continue;
          }
          if (next === 125) {
            i++;
            depth--;
            state = AFTER;
            break;
          }
          cursor.unexpected(buf, i, end, "',' or '}'");
        }
        this.previous[top] = previous;
      } else {
        if (depth === 0) {
          if (observer !== null) observer.endRecord();
          return i;
        }
        i = cursor.ws(buf, i);
        if (i >= end) return INCOMPLETE;
        const c = buf[i];
        const top = depth - 1;
        const kind = this.kinds[top];
        if (c === 44) {
          i++;
          if (kind === OBJECT) state = KEY;
          else {
            const parent = this.nodes[top] as PathNode;
            if (kind === EXPLODED) {
              this.rows.owner = ++this.rows.parts;
              node = parent;
              if (parent.strategy === STRATEGY_ROWS) {
                this.writePosition(parent, this.rows.parts - 1);
                node = parent.element();
              }
            } else {
              const index = (this.indexes[top] as number) + 1;
              this.indexes[top] = index;
              node = parent.item(index, separator);
            }
            state = VALUE;
          }
        } else if (c === (kind === OBJECT ? 125 : 93)) {
          i++;
          depth--;
          if (observer !== null && kind === ARRAY) {
            observer.closeArray(this.nodes[top] as PathNode, (this.indexes[top] as number) + 1);
          }
          if (kind === EXPLODED) this.rows.owner = 0;
        } else cursor.unexpected(buf, i, end, kind === OBJECT ? "',' or '}'" : "',' or ']'");
      }
    }
  }

  /** An exploded element's position, in the array's position column (plan strategy `rows` only). */
  private writePosition(array: PathNode, position: number): void {
    const text = this.positionText;
    text.length = 0;
    text.appendAscii(String(position));
    this.cells.text(this.columns.columnOf(array.position(this.columns.separator)), text.view());
  }

  private growStack(): void {
    const kinds = new Uint8Array(this.kinds.length * 2);
    kinds.set(this.kinds);
    this.kinds = kinds;
    const indexes = new Int32Array(this.indexes.length * 2);
    indexes.set(this.indexes);
    this.indexes = indexes;
  }

  /**
   * A plan's `table` path: the value's minified JSON goes to its child table, and its own cell names that
   * table, so that the key keeps its place among the record's keys (reading back puts the child rows there).
   */
  private tableCell(node: PathNode, buf: Uint8Array, i: number, end: number, depth: number): number {
    const e = skipValue(buf, i, end, depth, this.maxDepth, this.cursor);
    if (e < 0) return INCOMPLETE;
    this.text.length = 0;
    appendMinified(this.text, buf, i, e);
    const name = (this.tables as ChildTables).divert(node.plan?.table ?? -1, this.text.view().slice());
    this.cells.text(this.columns.columnOf(node), name);
    return e;
  }

  /** `--arrays json`: the array's JSON text, minified, in one cell (numbers keep their exact text). */
  private jsonCell(node: PathNode, buf: Uint8Array, i: number, end: number, depth: number): number {
    const e = skipValue(buf, i, end, depth, this.maxDepth, this.cursor);
    if (e < 0) return INCOMPLETE;
    this.text.length = 0;
    appendMinified(this.text, buf, i, e);
    this.cells.text(this.columns.columnOf(node), this.text.view());
    return e;
  }

  /**
   * `--arrays join`: scalars joined with `; ` (containers as JSON text) in one cell. `i` is the `[`, `j` the
   * first element. Under a plan (`exact`), an array that would not read back the same (anything but strings
   * that are not empty, hold no `;` and start with none of `[ { "`) is written as JSON text instead.
   */
  private joinCell(
    node: PathNode,
    buf: Uint8Array,
    i: number,
    j: number,
    end: number,
    depth: number,
    exact: boolean,
  ): number {
    const cursor = this.cursor;
    const text = this.text;
    text.length = 0;
    // The first element that held a lone surrogate escape (written as U+FFFD), said once for the cell.
    let loneStart = -1;
    let loneEnd = -1;
    for (let first = true; ; first = false) {
      j = cursor.ws(buf, j);
      if (j >= end) return INCOMPLETE;
      if (!first) text.appendAscii('; ');
      const c = buf[j] as number;
      let e: number;
      if (c === 34) {
        const from = text.length;
        e = decodeString(buf, j + 1, end, cursor, text);
        if (exact && e >= 0 && !joinsExactly(text.bytes, from, text.length))
          return this.jsonCell(node, buf, i, end, depth);
        if (loneStart < 0 && e >= 0 && holdsLoneSurrogate(buf, j + 1, e - 1)) {
          loneStart = j + 1;
          loneEnd = e - 1;
        }
      } else if (exact) {
        return this.jsonCell(node, buf, i, end, depth);
      } else if (c === 123 || c === 91) {
        e = skipValue(buf, j, end, depth + 1, this.maxDepth, cursor);
        if (e >= 0) appendMinified(text, buf, j, e);
      } else if (c === 45 || (c >= 48 && c <= 57)) {
        e = scanNumber(buf, j, end, cursor);
        if (e >= 0) text.append(buf, j, e);
      } else if (c === 116 || c === 102 || c === 110) {
        e = matchLiteral(buf, j, end, cursor);
        if (e >= 0 && c !== 110) text.append(buf, j, e);
      } else e = cursor.unexpected(buf, j, end, 'a value');
      if (e < 0) return INCOMPLETE;
      j = cursor.ws(buf, e);
      if (j >= end) return INCOMPLETE;
      if (buf[j] === 93) break;
      if (buf[j] !== 44) cursor.unexpected(buf, j, end, "',' or ']'");
      j++;
    }
    const col = this.columns.columnOf(node);
    this.cells.text(col, text.view());
    if (loneStart >= 0) this.cells.noteLoneSurrogate(col, buf, loneStart, loneEnd);
    return j + 1;
  }
}

/** Whether a string's UTF-8 in a `; `-joined cell reads back unchanged (see `joinCell`). */
export function joinsExactly(bytes: Uint8Array, start: number, end: number): boolean {
  const first = bytes[start];
  if (start === end || first === 91 || first === 123 || first === 34) return false;
  for (let k = start; k < end; k++) if (bytes[k] === 59) return false;
  return true;
}
