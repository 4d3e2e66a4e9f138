/**
 * A 53-bit hash of a string from two 32-bit FNV-1a hashes with different offsets: enough to tell apart
 * millions of values with a collision chance near n² / 2^54, cheap enough to run on every cell.
 */
export interface Hash53 {
  /** The high 32 bits' source: also picks HyperLogLog registers. */
  high: number;
  /** The low 21 bits' source: also gives HyperLogLog ranks. */
  low: number;
}

const PRIME = 0x01000193;

/** Hashes `text` (UTF-16 code units) into two independent 32-bit values. */
export function hashText(text: string): Hash53 {
  let high = 0x811c9dc5;
  let low = 0x050c5d1f;
  for (let k = 0; k < text.length; k++) {
    const unit = text.charCodeAt(k);
    high = Math.imul(high ^ unit, PRIME);
    low = Math.imul(low ^ (unit + 0x9e), PRIME);
  }
  // A final avalanche step, so short strings spread over every bit (HyperLogLog reads the top bits).
  return { high: avalanche(high) >>> 0, low: avalanche(low ^ 0x5bd1e995) >>> 0 };
}

function avalanche(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x;
}

/** The two halves as one safe integer, usable as a Set key. */
export function hashKey(hash: Hash53): number {
  return hash.high * 0x200000 + (hash.low & 0x1fffff);
}
