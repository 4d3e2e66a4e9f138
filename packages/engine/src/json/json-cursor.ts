import { ConversionError, type ConversionErrorCode, type InputPosition } from '../errors.js';
import { utf8CodePoint, utf8SequenceLength } from '../utf8/utf8-sequence.js';

/** Returned by every restartable scanner when the value may continue past the bytes buffered so far. */
export const INCOMPLETE = -1;

/**
 * Thrown (and caught by the document reader) when an error message depends on bytes not yet buffered:
 * a non-ASCII byte out of place is named by its character, or reported as invalid UTF-8.
 */
export const NEED_MORE_BYTES: unique symbol = Symbol('need more bytes');

/**
 * Where the reader is in the whole input: the buffer's absolute offset, the current line and record.
 * Lines are counted while skipping whitespace, the only place a raw line feed can appear in valid JSON.
 * The buffers handed to scanners keep a 0 byte just past `end`, so whitespace and digit loops stop there.
 */
export class JsonCursor {
  /** Absolute input offset of `buf[0]`. */
  base = 0;
  /** 1-based line of the scan position. */
  line = 1;
  /** Absolute offset where that line starts. */
  lineStart = 0;
  /** 1-based record being read, 0 outside records. */
  record = 0;
  /** True once no more input will arrive: a value running into the end is then complete or truncated. */
  final = false;

  /** Skips JSON whitespace from `i`, counting line feeds. */
  ws(buf: Uint8Array, i: number): number {
    for (;;) {
      const c = buf[i] as number;
      if (c > 32) return i;
      if (c === 32 || c === 9 || c === 13) i++;
      else if (c === 10) {
        i++;
        this.line++;
        this.lineStart = this.base + i;
      } else return i;
    }
  }

  /** The position of buffer index `i`. */
  positionAt(i: number): InputPosition {
    const offset = this.base + i;
    const position: InputPosition = { line: this.line, column: offset - this.lineStart + 1, offset };
    if (this.record > 0) position.record = this.record;
    return position;
  }

  /** Throws a positioned error at buffer index `i`. */
  fail(code: ConversionErrorCode, message: string, i: number): never {
    throw new ConversionError(code, message, this.positionAt(i));
  }

  /** Throws the right error for an unexpected byte at `i` (invalid UTF-8 or a syntax error). */
  unexpected(buf: Uint8Array, i: number, end: number, expected: string): never {
    const c = buf[i] as number;
    if (c >= 0x80) {
      const length = utf8SequenceLength(buf, i, end);
      if (length < 0 && !this.final) throw NEED_MORE_BYTES;
      if (length <= 0) this.fail('INVALID_UTF8', 'Invalid UTF-8 byte', i);
      const char = String.fromCodePoint(utf8CodePoint(buf, i, length));
      this.fail('JSON_SYNTAX', `Unexpected '${char}', expected ${expected}`, i);
    }
    const shown = c >= 0x21 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`;
    this.fail('JSON_SYNTAX', `Unexpected ${shown}, expected ${expected}`, i);
  }

  /** Throws JSON_TOO_DEEP at `i`. */
  tooDeep(i: number, maxDepth: number): never {
    this.fail('JSON_TOO_DEEP', `Nesting deeper than ${maxDepth} levels`, i);
  }
}
