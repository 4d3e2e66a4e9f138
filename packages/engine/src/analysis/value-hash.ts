/**
 * A 53-bit hash of bytes from two 32-bit lanes with different seeds and multipliers (MurmurHash3's block
 * step on alternate four-byte words): enough to tell apart millions of values with a collision chance near
 * n² / 2^54, cheap enough to run on every cell. Values are hashed as their decoded UTF-8 bytes, so a string
 * hashes the same whether or not the input escaped it.
 */
export interface Hash53 {
  /** The high 32 bits' source: also picks HyperLogLog registers. */
  high: number;
  /** The low 21 bits' source: also gives HyperLogLog ranks. */
  low: number;
}

/** Reusable result of `hashBytes`, so hashing a cell allocates nothing. */
export class HashState implements Hash53 {
  high = 0;
  low = 0;
}

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function block(h: number, word: number, c1: number, c2: number): number {
  const k = Math.imul(rotl(Math.imul(word, c1), 15), c2);
  return (Math.imul(rotl(h ^ k, 13), 5) + 0xe6546b64) | 0;
}

function avalanche(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

function word(bytes: Uint8Array, k: number): number {
  return (
    (bytes[k] as number) |
    ((bytes[k + 1] as number) << 8) |
    ((bytes[k + 2] as number) << 16) |
    ((bytes[k + 3] as number) << 24)
  );
}

/**
 * Hashes `bytes[start..end)` with `seed` (e.g. the value's JSON type) into `out`. Two lanes take alternate
 * four-byte words (eight bytes per step), and the final mix makes each half of the result depend on both.
 */
export function hashBytes(bytes: Uint8Array, start: number, end: number, seed: number, out: HashState): HashState {
  let a = 0x811c9dc5 ^ seed;
  let b = 0x050c5d1f ^ Math.imul(seed, 0x9e3779b1);
  let k = start;
  for (; k + 8 <= end; k += 8) {
    a = block(a, word(bytes, k), 0xcc9e2d51, 0x1b873593);
    b = block(b, word(bytes, k + 4), 0x85ebca77, 0xc2b2ae3d);
  }
  if (k + 4 <= end) {
    a = block(a, word(bytes, k), 0xcc9e2d51, 0x1b873593);
    k += 4;
  }
  let tail = 0;
  for (let shift = 0; k < end; k++, shift += 8) tail |= (bytes[k] as number) << shift;
  const length = end - start;
  a ^= length;
  b = block(b ^ length, tail, 0x85ebca77, 0xc2b2ae3d);
  out.high = avalanche(a ^ Math.imul(rotl(b, 16), 0x9e3779b1));
  out.low = avalanche(b ^ Math.imul(rotl(a, 11), 0x85ebca6b) ^ 0x5bd1e995);
  return out;
}

const encoder = new TextEncoder();

/** Hashes a JS string by its UTF-8 bytes (for names and tests; cells hash their bytes directly). */
export function hashText(text: string, seed = 0): Hash53 {
  const bytes = encoder.encode(text);
  return hashBytes(bytes, 0, bytes.length, seed, new HashState());
}

/** Combines two hashes into one (a path's hash with its value's), order-dependent. */
export function combineHashes(a: Hash53, b: Hash53, out: HashState): HashState {
  out.high = avalanche(block(a.high, b.high, 0xcc9e2d51, 0x1b873593));
  out.low = avalanche(block(a.low, b.low, 0x85ebca77, 0xc2b2ae3d));
  return out;
}

/** The two halves as one safe integer, usable as a Set key. */
export function hashKey(hash: Hash53): number {
  return hash.high * 0x200000 + (hash.low & 0x1fffff);
}
