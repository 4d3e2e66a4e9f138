import type { ByteBuilder } from './byte-builder.js';
import { INCOMPLETE, type JsonCursor } from './json-cursor.js';
import { matchLiteral, scanNumber } from './json-scalars.js';
import { scanString } from './json-string.js';

const OBJECT = 1;
const ARRAY = 2;

/** Container kinds of the value being skipped; an explicit stack so depth never costs call-stack frames. */
let stack = new Uint8Array(64);

/**
 * Validates the value starting at `i` (its first byte) without keeping it and returns its end, or INCOMPLETE.
 * `depth` counts the containers already open around it; more than `maxDepth` in all is JSON_TOO_DEEP.
 */
export function skipValue(
  buf: Uint8Array,
  i: number,
  end: number,
  depth: number,
  maxDepth: number,
  cursor: JsonCursor,
): number {
  let top = 0;
  let afterValue = false;
  for (;;) {
    if (afterValue) {
      if (top === 0) return i;
      i = cursor.ws(buf, i);
      if (i >= end) return INCOMPLETE;
      const c = buf[i];
      const kind = stack[top - 1];
      if (c === 44) {
        i = cursor.ws(buf, i + 1);
        if (kind === OBJECT) {
          i = skipKey(buf, i, end, cursor);
          if (i < 0) return INCOMPLETE;
        }
        afterValue = false;
        continue;
      }
      if ((c === 125 && kind === OBJECT) || (c === 93 && kind === ARRAY)) {
        top--;
        i++;
        continue;
      }
      cursor.unexpected(buf, i, end, kind === OBJECT ? "',' or '}'" : "',' or ']'");
    }
    i = cursor.ws(buf, i);
    if (i >= end) return INCOMPLETE;
    const c = buf[i] as number;
    if (c === 123 || c === 91) {
      if (depth + top + 1 > maxDepth) cursor.tooDeep(i, maxDepth);
      if (top === stack.length) {
        const grown = new Uint8Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
      }
      const j = cursor.ws(buf, i + 1);
      if (j >= end) return INCOMPLETE;
      if (buf[j] === (c === 123 ? 125 : 93)) {
        i = j + 1;
        afterValue = true;
        continue;
      }
      stack[top++] = c === 123 ? OBJECT : ARRAY;
      i = j;
      if (c === 123) {
        i = skipKey(buf, i, end, cursor);
        if (i < 0) return INCOMPLETE;
      }
      continue;
    }
    if (c === 34) i = scanString(buf, i + 1, end, cursor);
    else if (c === 45 || (c >= 48 && c <= 57)) i = scanNumber(buf, i, end, cursor);
    else if (c === 116 || c === 102 || c === 110) i = matchLiteral(buf, i, end, cursor);
    else cursor.unexpected(buf, i, end, 'a value');
    if (i < 0) return INCOMPLETE;
    afterValue = true;
  }
}

/** Skips `"key"` and the colon after it, starting at the key's quote; returns the index of the value. */
function skipKey(buf: Uint8Array, i: number, end: number, cursor: JsonCursor): number {
  if (i >= end) return INCOMPLETE;
  if (buf[i] !== 34) cursor.unexpected(buf, i, end, 'a key string');
  i = scanString(buf, i + 1, end, cursor);
  if (i < 0) return INCOMPLETE;
  i = cursor.ws(buf, i);
  if (i >= end) return INCOMPLETE;
  if (buf[i] !== 58) cursor.unexpected(buf, i, end, "':'");
  return i + 1;
}

/** Appends the already validated JSON text `buf[start..end)` without the whitespace between tokens. */
export function appendMinified(out: ByteBuilder, buf: Uint8Array, start: number, end: number): void {
  out.reserve(end - start);
  const bytes = out.bytes;
  let p = out.length;
  let inString = false;
  for (let j = start; j < end; j++) {
    const c = buf[j] as number;
    if (inString) {
      bytes[p++] = c;
      if (c === 92) bytes[p++] = buf[++j] as number;
      else if (c === 34) inString = false;
    } else if (c !== 32 && c !== 10 && c !== 13 && c !== 9) {
      bytes[p++] = c;
      if (c === 34) inString = true;
    }
  }
  out.length = p;
}
