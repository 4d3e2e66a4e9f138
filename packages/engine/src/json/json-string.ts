import { utf8SequenceLength, writeCodePoint } from '../utf8/utf8-sequence.js';
import type { ByteBuilder } from './byte-builder.js';
import { INCOMPLETE, type JsonCursor } from './json-cursor.js';

/** Byte classes inside a JSON string. */
export const PLAIN = 0;
export const QUOTE = 1;
export const BACKSLASH = 2;
export const CONTROL = 3;
export const HIGH = 4;

/** Classes of every byte inside a JSON string (callers may add their own, e.g. a CSV delimiter). */
export function stringByteClasses(): Uint8Array {
  const classes = new Uint8Array(256);
  for (let c = 0; c < 0x20; c++) classes[c] = CONTROL;
  for (let c = 0x80; c < 0x100; c++) classes[c] = HIGH;
  classes[34] = QUOTE;
  classes[92] = BACKSLASH;
  return classes;
}

const CLASSES = stringByteClasses();

/** The code point a lone surrogate escape such as `\ud800` decodes to: output is always valid UTF-8. */
export const REPLACEMENT = 0xfffd;

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

function readHex4(buf: Uint8Array, i: number, end: number, cursor: JsonCursor): number {
  let value = 0;
  for (let k = 0; k < 4; k++) {
    if (i + k >= end) return INCOMPLETE;
    const digit = hexValue(buf[i + k] as number);
    if (digit < 0) cursor.unexpected(buf, i + k, end, 'a hex digit in a \\u escape');
    value = (value << 4) | digit;
  }
  return value;
}

/**
 * Decodes the escape at `i` (the backslash). Returns `codePoint * 16 + length`, or INCOMPLETE.
 * A surrogate pair written as two escapes is one code point; a lone surrogate becomes U+FFFD.
 */
export function decodeEscape(buf: Uint8Array, i: number, end: number, cursor: JsonCursor): number {
  if (i + 1 >= end) return INCOMPLETE;
  const c = buf[i + 1];
  switch (c) {
    case 34:
    case 92:
    case 47:
      return c * 16 + 2;
    case 98:
      return 8 * 16 + 2;
    case 102:
      return 12 * 16 + 2;
    case 110:
      return 10 * 16 + 2;
    case 114:
      return 13 * 16 + 2;
    case 116:
      return 9 * 16 + 2;
    case 117: {
      const unit = readHex4(buf, i + 2, end, cursor);
      if (unit < 0) return INCOMPLETE;
      if (unit < 0xd800 || unit > 0xdfff) return unit * 16 + 6;
      if (unit >= 0xdc00) return REPLACEMENT * 16 + 6;
      // A high surrogate: it pairs only with a following \u escape of a low surrogate.
      if (i + 6 >= end || (buf[i + 6] === 92 && i + 7 >= end)) return cursor.final ? REPLACEMENT * 16 + 6 : INCOMPLETE;
      if (buf[i + 6] !== 92 || buf[i + 7] !== 117) return REPLACEMENT * 16 + 6;
      const low = readHex4(buf, i + 8, end, cursor);
      if (low < 0) return INCOMPLETE;
      if (low < 0xdc00 || low > 0xdfff) return REPLACEMENT * 16 + 6;
      return (0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)) * 16 + 12;
    }
    default:
      return cursor.unexpected(buf, i + 1, end, 'an escape character');
  }
}

/**
 * Whether the escape at `i`, which `decodeEscape` read as U+FFFD, was a lone surrogate (`\ud800` with no low
 * surrogate after it) rather than `\ufffd` itself: UTF-8 cannot hold it, so it was replaced.
 */
export function isLoneSurrogateEscape(buf: Uint8Array, i: number): boolean {
  return ((buf[i + 2] as number) | 0x20) === 100;
}

/** The four hex digits at `i` of a `\u` escape already validated. */
function validatedHex4(buf: Uint8Array, i: number): number {
  return (
    (hexValue(buf[i] as number) << 12) |
    (hexValue(buf[i + 1] as number) << 8) |
    (hexValue(buf[i + 2] as number) << 4) |
    hexValue(buf[i + 3] as number)
  );
}

/**
 * Whether the key `key`, decoded from the validated content `buf[start..end)`, had a lone surrogate escape written
 * as U+FFFD: the decoded text holds U+FFFD and the bytes tell it from a U+FFFD of the input.
 */
export function keyReplacedLoneSurrogate(key: string, buf: Uint8Array, start: number, end: number): boolean {
  return key.includes('\uFFFD') && holdsLoneSurrogate(buf, start, end);
}

/** Whether the validated string content `buf[start..end)` holds a lone surrogate escape. */
export function holdsLoneSurrogate(buf: Uint8Array, start: number, end: number): boolean {
  for (let k = buf.indexOf(92, start); k >= 0 && k < end; k = buf.indexOf(92, k)) {
    if (buf[k + 1] !== 117) {
      k += 2;
      continue;
    }
    const unit = validatedHex4(buf, k + 2);
    k += 6;
    if (unit >= 0xdc00 && unit < 0xe000) return true;
    if (unit < 0xd800 || unit >= 0xdc00) continue;
    const low = buf[k] === 92 && buf[k + 1] === 117 ? validatedHex4(buf, k + 2) : -1;
    if (low < 0xdc00 || low >= 0xe000) return true;
    k += 6;
  }
  return false;
}

/** Validates the string whose content starts at `i` (after the opening quote); returns the index after the closing quote. */
export function scanString(buf: Uint8Array, i: number, end: number, cursor: JsonCursor): number {
  let j = i;
  for (;;) {
    const kind = CLASSES[buf[j] as number];
    if (kind === PLAIN) {
      j++;
      continue;
    }
    if (kind === QUOTE) return j + 1;
    if (kind === BACKSLASH) {
      const escaped = decodeEscape(buf, j, end, cursor);
      if (escaped < 0) return INCOMPLETE;
      j += escaped & 15;
      continue;
    }
    if (kind === HIGH) {
      const length = utf8SequenceLength(buf, j, end);
      if (length < 0) return INCOMPLETE;
      if (length === 0) cursor.fail('INVALID_UTF8', 'Invalid UTF-8 in a string', j);
      j += length;
      continue;
    }
    if (j >= end) return INCOMPLETE;
    cursor.fail('JSON_SYNTAX', 'Unescaped control character in a string', j);
  }
}

/** Decodes the string whose content starts at `i` into `out` as UTF-8; returns the index after the closing quote. */
export function decodeString(buf: Uint8Array, i: number, end: number, cursor: JsonCursor, out: ByteBuilder): number {
  const close = scanString(buf, i, end, cursor);
  if (close < 0) return INCOMPLETE;
  out.reserve(close - i);
  let j = i;
  let p = out.length;
  const bytes = out.bytes;
  while (j < close - 1) {
    const c = buf[j] as number;
    if (c !== 92) {
      bytes[p++] = c;
      j++;
      continue;
    }
    const escaped = decodeEscape(buf, j, end, cursor);
    p = writeCodePoint(bytes, p, escaped >> 4);
    j += escaped & 15;
  }
  out.length = p;
  return close;
}

const keyDecoder = new TextDecoder();

/** Decodes a key's content `buf[start..end)` (already validated) to a JS string. */
export function decodeKey(
  buf: Uint8Array,
  start: number,
  end: number,
  cursor: JsonCursor,
  scratch: ByteBuilder,
): string {
  let ascii = end - start <= 64;
  for (let k = start; ascii && k < end; k++) {
    const c = buf[k] as number;
    if (c >= 0x80 || c === 92) ascii = false;
  }
  if (ascii) {
    let text = '';
    for (let k = start; k < end; k++) text += String.fromCharCode(buf[k] as number);
    return text;
  }
  scratch.length = 0;
  decodeString(buf, start, end + 1, cursor, scratch);
  return keyDecoder.decode(scratch.view());
}
