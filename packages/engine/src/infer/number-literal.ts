const ZERO = 0x30;
const NINE = 0x39;

function skipDigits(bytes: Uint8Array, i: number, end: number): number {
  let k = i;
  while (k < end) {
    const b = bytes[k] ?? 0;
    if (b < ZERO || b > NINE) break;
    k++;
  }
  return k;
}

/**
 * Whether bytes [start, end) are exactly one number of the RFC 8259 grammar:
 * `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. So `007`, `+1`, `.5`, `1.` and `0x1F` are not.
 */
export function isJsonNumber(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  if (bytes[i] === 0x2d) i++;
  if (i >= end) return false;
  const first = bytes[i] ?? 0;
  if (first === ZERO) i++;
  else if (first > ZERO && first <= NINE) i = skipDigits(bytes, i + 1, end);
  else return false;
  if (i < end && bytes[i] === 0x2e) {
    const digits = i + 1;
    i = skipDigits(bytes, digits, end);
    if (i === digits) return false;
  }
  if (i < end && ((bytes[i] ?? 0) | 0x20) === 0x65) {
    i++;
    if (i < end && (bytes[i] === 0x2b || bytes[i] === 0x2d)) i++;
    const digits = i;
    i = skipDigits(bytes, digits, end);
    if (i === digits) return false;
  }
  return i === end;
}
