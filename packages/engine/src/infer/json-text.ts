import { isJsonNumber } from './number-literal.js';

/** Containers nested deeper than this inside one cell are read as text, not as JSON. */
export const MAX_CELL_JSON_DEPTH = 1000;

const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isWhitespace(b: number | undefined): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function skipWhitespace(bytes: Uint8Array, i: number, end: number): number {
  let k = i;
  while (k < end && isWhitespace(bytes[k])) k++;
  return k;
}

function isHex(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66);
}

/** Index after the JSON string starting at `i` (a quote), or -1 when it is not a valid string. */
export function jsonStringEnd(bytes: Uint8Array, i: number, end: number): number {
  let k = i + 1;
  while (k < end) {
    const b = bytes[k] ?? 0;
    if (b === QUOTE) return k + 1;
    if (b < 0x20) return -1;
    if (b === BACKSLASH) {
      const e = bytes[k + 1] ?? 0;
      if (e === 0x75) {
        if (k + 5 >= end) return -1;
        for (let h = k + 2; h < k + 6; h++) if (!isHex(bytes[h] ?? 0)) return -1;
        k += 6;
        continue;
      }
      // " \ / b f n r t
      if (
        !(
          e === QUOTE ||
          e === BACKSLASH ||
          e === 0x2f ||
          e === 0x62 ||
          e === 0x66 ||
          e === 0x6e ||
          e === 0x72 ||
          e === 0x74
        )
      ) {
        return -1;
      }
      k += 2;
      continue;
    }
    k++;
  }
  return -1;
}

function literalEnd(bytes: Uint8Array, i: number, end: number, word: string): number {
  if (i + word.length > end) return -1;
  for (let k = 0; k < word.length; k++) if (bytes[i + k] !== word.charCodeAt(k)) return -1;
  return i + word.length;
}

/** Index after the scalar (string, number, literal) at `i`, or -1. */
function scalarEnd(bytes: Uint8Array, i: number, end: number): number {
  const b = bytes[i];
  if (b === QUOTE) return jsonStringEnd(bytes, i, end);
  if (b === 0x74) return literalEnd(bytes, i, end, 'true');
  if (b === 0x66) return literalEnd(bytes, i, end, 'false');
  if (b === 0x6e) return literalEnd(bytes, i, end, 'null');
  let k = i;
  while (k < end) {
    const c = bytes[k] ?? 0;
    // the characters a number can hold; the grammar check below decides
    if (!((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || (c | 0x20) === 0x65)) break;
    k++;
  }
  return k > i && isJsonNumber(bytes, i, k) ? k : -1;
}

/**
 * Whether bytes [start, end) are exactly one JSON array or object (RFC 8259), with no text
 * around it, nested at most MAX_CELL_JSON_DEPTH deep. Bytes >= 0x80 are not checked here
 * (cells are validated as UTF-8 separately).
 */
export function isJsonContainer(bytes: Uint8Array, start: number, end: number): boolean {
  const first = bytes[start];
  if (first !== OPEN_ARRAY && first !== OPEN_OBJECT) return false;
  const last = bytes[end - 1];
  if (last !== CLOSE_ARRAY && last !== CLOSE_OBJECT) return false;
  // true = inside an object
  const stack: boolean[] = [];
  let i = start;
  for (;;) {
    // at a value
    i = skipWhitespace(bytes, i, end);
    const b = bytes[i];
    if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (stack.length >= MAX_CELL_JSON_DEPTH) return false;
      const isObject = b === OPEN_OBJECT;
      stack.push(isObject);
      i = skipWhitespace(bytes, i + 1, end);
      if (bytes[i] === (isObject ? CLOSE_OBJECT : CLOSE_ARRAY)) {
        stack.pop();
        i++;
      } else {
        if (isObject) {
          i = memberKeyEnd(bytes, i, end);
          if (i < 0) return false;
        }
        continue;
      }
    } else {
      i = scalarEnd(bytes, i, end);
      if (i < 0) return false;
    }
    // after a value: close containers, or move to the next element or member
    for (;;) {
      if (stack.length === 0) return i === end;
      i = skipWhitespace(bytes, i, end);
      const c = bytes[i];
      const inObject = stack[stack.length - 1];
      if (c === 0x2c) {
        i++;
        if (inObject) {
          i = memberKeyEnd(bytes, skipWhitespace(bytes, i, end), end);
          if (i < 0) return false;
        }
        break;
      }
      if (c !== (inObject ? CLOSE_OBJECT : CLOSE_ARRAY)) return false;
      stack.pop();
      i++;
    }
  }
}

/** Reads `"key" :` at `i`; returns the index after the colon, or -1. */
function memberKeyEnd(bytes: Uint8Array, i: number, end: number): number {
  if (bytes[i] !== QUOTE) return -1;
  const keyEnd = jsonStringEnd(bytes, i, end);
  if (keyEnd < 0) return -1;
  const colon = skipWhitespace(bytes, keyEnd, end);
  return bytes[colon] === 0x3a ? colon + 1 : -1;
}
