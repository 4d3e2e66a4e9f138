import { ByteBuilder } from '../json/byte-builder.js';
import { JsonCursor } from '../json/json-cursor.js';
import { scanNumber } from '../json/json-scalars.js';
import { decodeKey, scanString } from '../json/json-string.js';
import { appendMinified } from '../json/skip-value.js';
import type { PathTrie, TrackedPath } from './path-trie.js';
import type { JsonType } from './report.js';
import { Utf8Text } from './utf8-text.js';
import { combineHashes, type Hash53, HashState, hashBytes } from './value-hash.js';

/** Receives what one record holds, path by path, as json2csv's default `index` strategy names columns. */
export interface CellSink {
  /** A cell at a tracked path: a scalar, or an empty array or object (`[]`/`{}`), or JSON text of a row's container. */
  cell(path: TrackedPath, type: JsonType, value: Utf8Text, underArray: boolean): void;
  /** A non-empty container at a tracked path, with its element or key count. */
  container(path: TrackedPath, type: 'object' | 'array', size: number, underArray: boolean): void;
  /** A key that occurs again in the same object. */
  duplicateKey(path: TrackedPath): void;
  /** A cell (`value` set) or a non-empty container (`value` null) at a path past the tracking limit, by its path's hash. */
  untracked(pathHash: Hash53, type: JsonType, value: Utf8Text | null): void;
}

const OBJECT = 1;
const ARRAY = 2;
const KEY_SEED = 7;
const LITERALS = {
  true: bytes('true'),
  false: bytes('false'),
  null: bytes('null'),
  '{}': bytes('{}'),
  '[]': bytes('[]'),
};
const VALUE_KEY = bytes('value');

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** One open container: its path (tracked, or else by hash), the key predicted next, its size so far. */
class Frame {
  kind = OBJECT;
  path: TrackedPath | null = null;
  readonly hash = new HashState();
  underArray = false;
  size = 0;
  previous: TrackedPath | null = null;
  object = 0;
}

function skipSpace(buf: Uint8Array, i: number): number {
  let j = i;
  for (;;) {
    const c = buf[j];
    if (c === 32 || c === 10 || c === 13 || c === 9) j++;
    else return j;
  }
}

/**
 * Walks one record that json2csv's reader has already validated (so no check fails here) without building a
 * JS value: strings are handed over as UTF-8 bytes, numbers keep their text, duplicate keys stay visible.
 * Nesting uses an explicit stack, so depth costs no call-stack frames.
 */
export class RecordWalker {
  private readonly frames: Frame[] = [];
  private readonly value = new Utf8Text();
  private readonly keyText = new ByteBuilder();
  private readonly minifiedText = new ByteBuilder();
  private readonly keyHash = new HashState();
  // The walker's own cursor: records arrive validated, and a cursor counts lines as it scans.
  private readonly cursor = new JsonCursor();
  private objects = 0;
  /** The path (or, when untracked, the path hash) of the value about to be read. */
  private path: TrackedPath | null = null;
  private readonly pathHash = new HashState();

  constructor(
    private readonly trie: PathTrie,
    private readonly sink: CellSink,
  ) {}

  /** The nesting depth of the record walked last (1 for a flat object, 0 for a scalar). */
  depth = 0;

  /** Visits the record at `buf[i..]`; returns the index after it. */
  walk(buf: Uint8Array, i: number, end: number): number {
    const trie = this.trie;
    let depth = 0;
    let maxDepth = 0;
    let underArray = false;
    let j = skipSpace(buf, i);
    const record = buf[j] === 123;
    this.path = record ? trie.root : this.valuePath();
    for (;;) {
      // Read one value at j, for `this.path`.
      j = skipSpace(buf, j);
      const c = buf[j] as number;
      if (c === 123 || c === 91) {
        const first = skipSpace(buf, j + 1);
        if (buf[first] === (c === 123 ? 125 : 93)) {
          if (depth > 0 || !record)
            this.leaf(c === 123 ? 'object' : 'array', LITERALS[c === 123 ? '{}' : '[]'], underArray);
          j = first + 1;
        } else {
          const frame = this.open(depth, c === 123 ? OBJECT : ARRAY, underArray);
          depth++;
          if (depth > maxDepth) maxDepth = depth;
          j = first;
          if (c === 123) j = this.key(buf, j, end, frame);
          else {
            this.itemPath(frame, 0);
            underArray = true;
          }
          frame.size = 1;
          continue;
        }
      } else j = this.scalar(buf, j, end, underArray);
      // After a value: close containers or move to the next element.
      for (;;) {
        if (depth === 0) {
          this.depth = maxDepth;
          return j;
        }
        const frame = this.frames[depth - 1] as Frame;
        j = skipSpace(buf, j);
        if (buf[j] === 44) {
          j = skipSpace(buf, j + 1);
          if (frame.kind === OBJECT) {
            j = this.key(buf, j, end, frame);
            underArray = frame.underArray;
          } else {
            this.itemPath(frame, frame.size);
            underArray = true;
          }
          frame.size++;
          break;
        }
        j++;
        depth--;
        if (depth > 0 || !record) this.closed(frame);
      }
    }
  }

  /** Visits the cells of one row of an array of arrays: `cells` are [start, stop) of each element, named by `names`. */
  row(buf: Uint8Array, end: number, cells: readonly (readonly [number, number])[], names: readonly string[]): void {
    cells.forEach(([start, stop], k) => {
      const name = names[k] ?? String(k);
      this.path = this.trie.column(name);
      if (this.path === null) {
        const raw = bytes(name);
        hashBytes(raw, 0, raw.length, KEY_SEED, this.pathHash);
      }
      const c = buf[start];
      if (c === 123 || c === 91) {
        this.minifiedText.length = 0;
        appendMinified(this.minifiedText, buf, start, stop);
        this.value.set(this.minifiedText.bytes, 0, this.minifiedText.length);
        this.emit(c === 123 ? 'object' : 'array', this.value, false);
      } else this.scalar(buf, start, end, false);
    });
  }

  private valuePath(): TrackedPath | null {
    const path = this.trie.child(this.trie.root, 'value', VALUE_KEY);
    if (path === null) hashBytes(VALUE_KEY, 0, VALUE_KEY.length, KEY_SEED, this.pathHash);
    return path;
  }

  private open(depth: number, kind: number, underArray: boolean): Frame {
    let frame = this.frames[depth];
    if (frame === undefined) {
      frame = new Frame();
      this.frames.push(frame);
    }
    frame.kind = kind;
    frame.path = this.path;
    const hash = this.path === null ? this.pathHash : this.path.hash;
    frame.hash.high = hash.high;
    frame.hash.low = hash.low;
    frame.underArray = underArray;
    frame.previous = null;
    frame.object = kind === OBJECT ? this.objects++ : -1;
    return frame;
  }

  private closed(frame: Frame): void {
    const type = frame.kind === OBJECT ? 'object' : 'array';
    if (frame.path !== null) this.sink.container(frame.path, type, frame.size, frame.underArray);
    else this.sink.untracked(frame.hash, type, null);
  }

  private itemPath(frame: Frame, index: number): void {
    this.path = frame.path === null ? null : this.trie.item(frame.path, index);
    if (this.path === null) {
      this.keyHash.high = index;
      this.keyHash.low = ~index;
      combineHashes(frame.hash, this.keyHash, this.pathHash);
    }
  }

  /** Reads `"key":` at `j` inside `frame`, sets the path of its value, returns the index after the colon. */
  private key(buf: Uint8Array, j: number, end: number, frame: Frame): number {
    const keyStart = j + 1;
    let path: TrackedPath | null = null;
    let close = -1;
    if (frame.path !== null) {
      const guess = frame.previous === null ? frame.path.first : frame.previous.next;
      if (guess !== null) {
        const raw = guess.raw;
        const keyEnd = keyStart + raw.length;
        if (buf[keyEnd] === 34) {
          let k = 0;
          while (k < raw.length && buf[keyStart + k] === raw[k]) k++;
          if (k === raw.length) {
            path = guess;
            close = keyEnd + 1;
          }
        }
      }
      if (path === null) {
        close = scanString(buf, keyStart, end, this.cursor);
        const key = decodeKey(buf, keyStart, close - 1, this.cursor, this.keyText);
        path = this.trie.child(frame.path, key, buf.subarray(keyStart, close - 1));
        if (path !== null) {
          if (frame.previous === null) frame.path.first = path;
          else frame.previous.next = path;
        }
      }
      frame.previous = path;
      if (path !== null) {
        if (path.lastObject === frame.object) this.sink.duplicateKey(path);
        else path.lastObject = frame.object;
      }
    }
    if (path === null) {
      if (close < 0) close = scanString(buf, keyStart, end, this.cursor);
      hashBytes(buf, keyStart, close - 1, KEY_SEED, this.keyHash);
      combineHashes(frame.hash, this.keyHash, this.pathHash);
    }
    this.path = path;
    return skipSpace(buf, close) + 1;
  }

  /** Visits the validated scalar at `j`; returns its end. */
  private scalar(buf: Uint8Array, j: number, end: number, underArray: boolean): number {
    const c = buf[j] as number;
    if (c === 34) {
      const after = this.value.readString(buf, j + 1, end, this.cursor);
      this.emit('string', this.value, underArray);
      return after;
    }
    if (c === 116) return this.leaf('boolean', LITERALS.true, underArray, j + 4);
    if (c === 102) return this.leaf('boolean', LITERALS.false, underArray, j + 5);
    if (c === 110) return this.leaf('null', LITERALS.null, underArray, j + 4);
    const e = scanNumber(buf, j, end, this.cursor);
    this.value.set(buf, j, e);
    this.emit('number', this.value, underArray);
    return e;
  }

  private leaf(type: JsonType, text: Uint8Array, underArray: boolean, after = 0): number {
    this.value.set(text, 0, text.length);
    this.emit(type, this.value, underArray);
    return after;
  }

  private emit(type: JsonType, value: Utf8Text, underArray: boolean): void {
    if (this.path !== null) this.sink.cell(this.path, type, value, underArray);
    else this.sink.untracked(this.pathHash, type, value);
  }
}
