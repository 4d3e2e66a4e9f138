/** Index of the first byte in [start, end) that does not begin a well-formed UTF-8 sequence, or -1. */
export function findInvalidUtf8(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end) {
    if ((bytes[i] ?? 0) < 0x80) {
      i++;
      continue;
    }
    const next = utf8SequenceEnd(bytes, i, end);
    if (next < 0) return i;
    i = next;
  }
  return -1;
}

/**
 * Index after the well-formed multi-byte UTF-8 sequence whose lead byte (>= 0x80) is at `i` and
 * which ends by `end`, or -1 when there is none (bad lead, bad or missing continuation byte).
 */
export function utf8SequenceEnd(bytes: Uint8Array, i: number, end: number): number {
  const b = bytes[i] ?? 0;
  const b1 = i + 1 < end ? (bytes[i + 1] ?? 0) : 0;
  if (b >= 0xc2 && b <= 0xdf) return (b1 & 0xc0) === 0x80 ? i + 2 : -1;
  const b2 = i + 2 < end ? (bytes[i + 2] ?? 0) : 0;
  if (b >= 0xe0 && b <= 0xef) {
    // Excludes overlong forms (E0 80..9F) and UTF-16 surrogates (ED A0..BF).
    const low = b === 0xe0 ? 0xa0 : 0x80;
    const high = b === 0xed ? 0x9f : 0xbf;
    return b1 < low || b1 > high || (b2 & 0xc0) !== 0x80 ? -1 : i + 3;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const low = b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xf4 ? 0x8f : 0xbf;
    const b3 = i + 3 < end ? (bytes[i + 3] ?? 0) : 0;
    return b1 < low || b1 > high || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80 ? -1 : i + 4;
  }
  return -1;
}

/** How many bytes at the end of `bytes` form the start of a multi-byte sequence cut off by a chunk boundary. */
export function incompleteUtf8Tail(bytes: Uint8Array): number {
  let k = bytes.length - 1;
  let back = 0;
  while (k >= 0 && back < 3 && ((bytes[k] ?? 0) & 0xc0) === 0x80) {
    k--;
    back++;
  }
  if (k < 0) return 0;
  const lead = bytes[k] ?? 0;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  const have = bytes.length - k;
  return have < need ? have : 0;
}
