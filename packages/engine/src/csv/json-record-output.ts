import { concatBytes } from '../byte-source.js';
import { writeJsonText } from '../json-out/json-text-writer.js';
import type { OutputBuffer } from '../json-out/output-buffer.js';
import { jsonStringBytes, writeJsonString } from '../json-out/string-writer.js';
import { cellBytes } from './cell-bytes.js';
import { CELL_DOUBLED, CELL_TRAILING } from './cell-flags.js';
import { KIND_FALSE, KIND_GUARDED_STRING, KIND_JSON, KIND_NULL, KIND_NUMBER, KIND_TRUE } from './cell-kind.js';

const encoder = new TextEncoder();
export const NULL_BYTES = encoder.encode('null');
const TRUE_BYTES = encoder.encode('true');
const FALSE_BYTES = encoder.encode('false');

/** Where a record's object sits when pretty printing: one level inside the top-level array. */
export const RECORD_LEVEL = 1;

/** The bytes of the parts, strings encoded as UTF-8, one after the other. */
export function joinBytes(...parts: (string | Uint8Array)[]): Uint8Array {
  return concatBytes(parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part)));
}

/**
 * The JSON around and inside records, shared by every way of writing them: keys, commas,
 * indentation, and a cell written as the value its kind says. `pretty` indents with two spaces
 * like `JSON.stringify(value, null, 2)`.
 */
export class JsonRecordOutput {
  /** What follows a key: `:`, or `: ` when pretty. */
  readonly colon: Uint8Array;
  private readonly keyTokens = new Map<string, Uint8Array>();
  private readonly indents: Uint8Array[] = [];

  constructor(
    readonly out: OutputBuffer,
    readonly pretty: boolean,
  ) {
    this.colon = encoder.encode(pretty ? ': ' : ':');
  }

  /** Writes a cell's bytes as the JSON value of `kind` (a KIND_* of cellKind). */
  writeValue(data: Uint8Array, start: number, end: number, flags: number, kind: number, level: number): void {
    const out = this.out;
    const unquote = (flags & (CELL_DOUBLED | CELL_TRAILING)) !== 0;
    switch (kind) {
      case KIND_NULL:
        out.write(NULL_BYTES);
        return;
      case KIND_TRUE:
        out.write(TRUE_BYTES);
        return;
      case KIND_FALSE:
        out.write(FALSE_BYTES);
        return;
      case KIND_NUMBER:
        out.write(data.subarray(start, end));
        return;
      case KIND_JSON: {
        const text = unquote ? cellBytes(data, start, end, flags) : data.subarray(start, end);
        writeJsonText(out, text, 0, text.length, this.pretty, level);
        return;
      }
      case KIND_GUARDED_STRING:
        writeJsonString(out, data, start + 1, end, unquote);
        return;
      default:
        writeJsonString(out, data, start, end, unquote);
    }
  }

  /** Starts an object member: a comma unless it is the first, the indentation, the key and the colon. */
  beginMember(first: boolean, key: string, level: number): void {
    if (!first) this.out.writeByte(0x2c);
    if (this.pretty) this.out.write(this.indent(level + 1));
    this.out.write(this.keyToken(key));
    this.out.write(this.colon);
  }

  /** Starts an array element: a comma unless it is the first, and the indentation. */
  beginElement(first: boolean, level: number): void {
    if (!first) this.out.writeByte(0x2c);
    if (this.pretty) this.out.write(this.indent(level + 1));
  }

  /** Closes an object or array (`byte` is `}` or `]`) opened at `level`. */
  close(byte: number, level: number, empty: boolean): void {
    if (this.pretty && !empty) this.out.write(this.indent(level));
    this.out.writeByte(byte);
  }

  /** A line break and the indentation of `level`. */
  indent(level: number): Uint8Array {
    const cached = this.indents[level];
    if (cached !== undefined) return cached;
    const bytes = encoder.encode(`\n${'  '.repeat(level)}`);
    this.indents[level] = bytes;
    return bytes;
  }

  /** The key as a JSON string, encoded once. */
  keyToken(key: string): Uint8Array {
    let token = this.keyTokens.get(key);
    if (token === undefined) {
      token = jsonStringBytes(key);
      this.keyTokens.set(key, token);
    }
    return token;
  }
}
