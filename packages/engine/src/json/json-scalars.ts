import { INCOMPLETE, type JsonCursor } from './json-cursor.js';

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 48 && c <= 57;
}

/** Skips digits; the reader's buffers end with a 0 byte, so this stops at the end of the data. */
function skipDigits(buf: Uint8Array, j: number): number {
  while (((buf[j] as number) - 48) >>> 0 < 10) j++;
  return j;
}

/**
 * Scans the number at `i` by the RFC 8259 grammar and returns its end. Near the end of the buffered
 * bytes it returns INCOMPLETE, unless the input is final: the text is copied, never converted.
 */
export function scanNumber(buf: Uint8Array, i: number, end: number, cursor: JsonCursor): number {
  let j = i;
  if (buf[j] === 45) j++;
  if (j >= end)
    return cursor.final ? cursor.fail('JSON_TRUNCATED', 'Number cut off by the end of input', j) : INCOMPLETE;
  const lead = buf[j];
  if (lead === 48) j++;
  else if (isDigit(lead)) {
    j = skipDigits(buf, j + 1);
  } else cursor.unexpected(buf, j, end, 'a digit');
  if (j >= end) return cursor.final ? j : INCOMPLETE;
  if (buf[j] === 46) {
    j++;
    if (j >= end)
      return cursor.final ? cursor.fail('JSON_TRUNCATED', 'Number cut off by the end of input', j) : INCOMPLETE;
    if (!isDigit(buf[j])) cursor.unexpected(buf, j, end, 'a digit after the decimal point');
    j = skipDigits(buf, j);
    if (j >= end) return cursor.final ? j : INCOMPLETE;
  }
  const e = buf[j];
  if (e === 101 || e === 69) {
    j++;
    if (buf[j] === 43 || buf[j] === 45) j++;
    if (j >= end)
      return cursor.final ? cursor.fail('JSON_TRUNCATED', 'Number cut off by the end of input', j) : INCOMPLETE;
    if (!isDigit(buf[j])) cursor.unexpected(buf, j, end, 'a digit in the exponent');
    j = skipDigits(buf, j);
    if (j >= end) return cursor.final ? j : INCOMPLETE;
  }
  return j;
}

/** True when `bytes[start..end)` is exactly one JSON number literal (`1e5` is, `007` and `+1` are not). */
export function isJsonNumber(bytes: Uint8Array, start: number, end: number): boolean {
  let j = start;
  if (bytes[j] === 45) j++;
  if (j >= end) return false;
  if (bytes[j] === 48) j++;
  else if (isDigit(bytes[j])) while (j < end && isDigit(bytes[j])) j++;
  else return false;
  if (j < end && bytes[j] === 46) {
    j++;
    if (j >= end || !isDigit(bytes[j])) return false;
    while (j < end && isDigit(bytes[j])) j++;
  }
  if (j < end && (bytes[j] === 101 || bytes[j] === 69)) {
    j++;
    if (j < end && (bytes[j] === 43 || bytes[j] === 45)) j++;
    if (j >= end || !isDigit(bytes[j])) return false;
    while (j < end && isDigit(bytes[j])) j++;
  }
  return j === end;
}

const TRUE = [116, 114, 117, 101];
const FALSE = [102, 97, 108, 115, 101];
const NULL = [110, 117, 108, 108];

/** Matches `true`, `false` or `null` at `i` (chosen by its first byte) and returns its end. */
export function matchLiteral(buf: Uint8Array, i: number, end: number, cursor: JsonCursor): number {
  const c = buf[i];
  const word = c === 116 ? TRUE : c === 102 ? FALSE : NULL;
  for (let k = 0; k < word.length; k++) {
    if (i + k >= end) {
      return cursor.final ? cursor.fail('JSON_TRUNCATED', 'Literal cut off by the end of input', i + k) : INCOMPLETE;
    }
    if (buf[i + k] !== word[k]) cursor.unexpected(buf, i + k, end, `'${String.fromCharCode(...word)}'`);
  }
  return i + word.length;
}
