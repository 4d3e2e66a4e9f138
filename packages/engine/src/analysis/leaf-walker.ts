import { appendHeaderSegment } from '../header-path.js';
import { ByteBuilder } from '../json/byte-builder.js';
import type { JsonCursor } from '../json/json-cursor.js';
import { scanNumber } from '../json/json-scalars.js';
import { decodeKey, decodeString, scanString } from '../json/json-string.js';
import { appendMinified } from '../json/skip-value.js';
import type { JsonType } from './report.js';

/** Receives what one record holds, path by path, as json2csv's default `index` strategy names columns. */
export interface LeafVisitor {
  /** A cell: a scalar, or an empty array or object (`[]`/`{}` text). Strings arrive decoded. */
  leaf(path: string, type: JsonType, text: string, underArray: boolean): void;
  /** A non-empty container at `path`, with its element or key count. */
  container(path: string, type: 'object' | 'array', size: number, underArray: boolean): void;
  /** A key that occurs again in the same object. */
  duplicateKey(path: string): void;
}

const OBJECT = 1;
const ARRAY = 2;

interface Frame {
  kind: typeof OBJECT | typeof ARRAY;
  /** The container's own path; null for a record's top-level object. */
  path: string | null;
  underArray: boolean;
  size: number;
  keys: Set<string> | null;
}

const decoder = new TextDecoder();

function skipSpace(buf: Uint8Array, i: number): number {
  let j = i;
  for (;;) {
    const c = buf[j];
    if (c === 32 || c === 10 || c === 13 || c === 9) j++;
    else return j;
  }
}

/**
 * Walks one record that the reader has already validated (so no check fails here), without building a JS
 * value: numbers keep their text, duplicate keys stay visible. Nesting uses an explicit stack, so depth
 * costs no call-stack frames. Whitespace is skipped locally: the shared cursor already counted its lines.
 */
export class LeafWalker {
  private readonly text = new ByteBuilder();
  private readonly scratch = new ByteBuilder();

  constructor(
    private readonly separator: string,
    private readonly cursor: JsonCursor,
  ) {}

  /** Visits the record at `buf[i..]`; returns its nesting depth (1 for a flat object, 0 for a scalar). */
  walk(buf: Uint8Array, i: number, end: number, visitor: LeafVisitor): number {
    const stack: Frame[] = [];
    let maxDepth = 0;
    let path: string | null = buf[i] === 123 ? null : 'value';
    let underArray = false;
    let j = i;
    for (;;) {
      // Read one value at j, for `path`.
      j = skipSpace(buf, j);
      const c = buf[j] as number;
      if (c === 123 || c === 91) {
        const first = skipSpace(buf, j + 1);
        if (buf[first] === (c === 123 ? 125 : 93)) {
          if (path !== null) visitor.leaf(path, c === 123 ? 'object' : 'array', c === 123 ? '{}' : '[]', underArray);
          j = first + 1;
        } else {
          stack.push({ kind: c === 123 ? OBJECT : ARRAY, path, underArray, size: 0, keys: null });
          if (stack.length > maxDepth) maxDepth = stack.length;
          const opened = stack[stack.length - 1] as Frame;
          j = first;
          if (c === 123) {
            j = this.key(buf, j, end, opened, visitor);
            path = this.lastChild;
          } else {
            path = appendHeaderSegment(opened.path ?? 'value', 0, this.separator);
            underArray = true;
          }
          opened.size = 1;
          continue;
        }
      } else {
        j = this.walkScalarAs(buf, j, end, path ?? 'value', visitor, underArray);
      }
      // After a value: close containers or move to the next element.
      for (;;) {
        const frame = stack[stack.length - 1];
        if (frame === undefined) return maxDepth;
        j = skipSpace(buf, j);
        if (buf[j] === 44) {
          j = skipSpace(buf, j + 1);
          if (frame.kind === OBJECT) {
            j = this.key(buf, j, end, frame, visitor);
            path = this.lastChild;
            underArray = frame.underArray;
          } else {
            path = appendHeaderSegment(frame.path ?? 'value', frame.size, this.separator);
            underArray = true;
          }
          frame.size++;
          break;
        }
        j++;
        stack.pop();
        if (frame.path !== null) {
          visitor.container(frame.path, frame.kind === OBJECT ? 'object' : 'array', frame.size, frame.underArray);
        }
      }
    }
  }

  /** The path of the key read last. */
  private lastChild: string | null = null;

  /** Reads `"key":` at `j` inside `frame`; sets `lastChild` and returns the index after the colon. */
  private key(buf: Uint8Array, j: number, end: number, frame: Frame, visitor: LeafVisitor): number {
    const close = scanString(buf, j + 1, end, this.cursor);
    const key = decodeKey(buf, j + 1, close - 1, this.cursor, this.scratch);
    const child = appendHeaderSegment(frame.path, key, this.separator);
    frame.keys ??= new Set();
    if (frame.keys.has(key)) visitor.duplicateKey(child);
    else frame.keys.add(key);
    this.lastChild = child;
    return skipSpace(buf, close) + 1;
  }

  /** Visits the validated scalar at `j` as a value of `path`; returns its end. */
  walkScalarAs(
    buf: Uint8Array,
    j: number,
    end: number,
    path: string,
    visitor: LeafVisitor,
    underArray = false,
  ): number {
    const c = buf[j] as number;
    if (c === 34) {
      this.text.length = 0;
      const e = decodeString(buf, j + 1, end, this.cursor, this.text);
      visitor.leaf(path, 'string', decoder.decode(this.text.view()), underArray);
      return e;
    }
    if (c === 116) {
      visitor.leaf(path, 'boolean', 'true', underArray);
      return j + 4;
    }
    if (c === 102) {
      visitor.leaf(path, 'boolean', 'false', underArray);
      return j + 5;
    }
    if (c === 110) {
      visitor.leaf(path, 'null', 'null', underArray);
      return j + 4;
    }
    const e = scanNumber(buf, j, end, this.cursor);
    let text = '';
    for (let k = j; k < e; k++) text += String.fromCharCode(buf[k] as number);
    visitor.leaf(path, 'number', text, underArray);
    return e;
  }

  /** The minified JSON text of the validated value `buf[start..stop)`. */
  minified(buf: Uint8Array, start: number, stop: number): string {
    this.text.length = 0;
    appendMinified(this.text, buf, start, stop);
    return decoder.decode(this.text.view());
  }
}
