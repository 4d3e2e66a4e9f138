/**
 * Strict UTF-8 (RFC 3629): no overlong forms, no encoded surrogates, nothing above U+10FFFF. The one
 * validator of both directions: the readers validate bytes themselves instead of decoding with
 * replacement, so bad input is reported, never altered.
 */

/** Length (2 to 4) of the valid multi-byte sequence at `i`, 0 when it is invalid, -1 when it runs past `end`. */
export function utf8SequenceLength(buf: Uint8Array, i: number, end: number): number {
  const lead = buf[i] as number;
  let need: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead < 0xc2) return 0;
  if (lead < 0xe0) need = 1;
  else if (lead < 0xf0) {
    need = 2;
    if (lead === 0xe0) low = 0xa0;
    else if (lead === 0xed) high = 0x9f;
  } else if (lead < 0xf5) {
    need = 3;
    if (lead === 0xf0) low = 0x90;
    else if (lead === 0xf4) high = 0x8f;
  } else return 0;
  for (let k = 1; k <= need; k++) {
    if (i + k >= end) return -1;
    const byte = buf[i + k] as number;
    if (k === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return 0;
  }
  return need + 1;
}

/** Index of the first byte in [start, end) that does not begin a well-formed UTF-8 sequence, or -1. */
export function findInvalidUtf8(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end) {
    if ((bytes[i] as number) < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(bytes, i, end);
    if (length <= 0) return i;
    i += length;
  }
  return -1;
}

/** How many bytes at the end of `bytes` form the start of a multi-byte sequence cut off by a chunk boundary. */
export function incompleteUtf8Tail(bytes: Uint8Array): number {
  let k = bytes.length - 1;
  let back = 0;
  while (k >= 0 && back < 3 && ((bytes[k] as number) & 0xc0) === 0x80) {
    k--;
    back++;
  }
  if (k < 0) return 0;
  const lead = bytes[k] as number;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  const have = bytes.length - k;
  return have < need ? have : 0;
}

/** Decodes the valid sequence of `length` bytes at `i` to its code point. */
export function utf8CodePoint(buf: Uint8Array, i: number, length: number): number {
  const lead = buf[i] as number;
  if (length === 1) return lead;
  let cp = lead & (length === 2 ? 0x1f : length === 3 ? 0x0f : 0x07);
  for (let k = 1; k < length; k++) cp = (cp << 6) | ((buf[i + k] as number) & 0x3f);
  return cp;
}

/** Writes a code point as UTF-8 at `p` and returns the position after it. */
export function writeCodePoint(out: Uint8Array, p: number, cp: number): number {
  if (cp < 0x80) {
    out[p] = cp;
    return p + 1;
  }
  if (cp < 0x800) {
    out[p] = 0xc0 | (cp >> 6);
    out[p + 1] = 0x80 | (cp & 0x3f);
    return p + 2;
  }
  if (cp < 0x10000) {
    out[p] = 0xe0 | (cp >> 12);
    out[p + 1] = 0x80 | ((cp >> 6) & 0x3f);
    out[p + 2] = 0x80 | (cp & 0x3f);
    return p + 3;
  }
  out[p] = 0xf0 | (cp >> 18);
  out[p + 1] = 0x80 | ((cp >> 12) & 0x3f);
  out[p + 2] = 0x80 | ((cp >> 6) & 0x3f);
  out[p + 3] = 0x80 | (cp & 0x3f);
  return p + 4;
}

/** The characters (code points) of the valid UTF-8 `bytes[start..end)`: its bytes less the continuation bytes. */
export function utf8Characters(bytes: Uint8Array, start: number, end: number): number {
  let count = 0;
  let k = start;
  for (; k + 4 <= end; k += 4) {
    const word = (bytes[k] as number) | (bytes[k + 1] as number) | (bytes[k + 2] as number) | (bytes[k + 3] as number);
    if (word < 0x80) count += 4;
    else for (let b = k; b < k + 4; b++) if (((bytes[b] as number) & 0xc0) !== 0x80) count++;
  }
  for (; k < end; k++) if (((bytes[k] as number) & 0xc0) !== 0x80) count++;
  return count;
}
