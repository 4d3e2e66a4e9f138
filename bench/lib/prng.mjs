/**
 * Seeded pseudo-random numbers (sfc32 seeded through splitmix32), so that the same seed always
 * yields the same data sets byte for byte. Math.random is never used by the benchmark.
 */

/** Returns a generator of 32-bit unsigned integers for the given integer seed. */
function sfc32FromSeed(seed) {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t >>> 0;
  };
}

/** A small random toolkit over one seeded stream. */
export function createRandom(seed) {
  const next = sfc32FromSeed(seed);
  const int = (n) => next() % n;
  return {
    /** Integer in [0, n). */
    int,
    /** True with probability p. */
    chance: (p) => next() / 4294967296 < p,
    /** One element of a non-empty array. */
    pick: (items) => items[int(items.length)],
    /** A string of `length` decimal digits (leading zeros allowed). */
    digits: (length) => {
      let text = '';
      for (let i = 0; i < length; i++) text += String.fromCharCode(48 + int(10));
      return text;
    },
    /** A string of `length` lowercase hex digits. */
    hex: (length) => {
      let text = '';
      for (let i = 0; i < length; i++) text += '0123456789abcdef'[int(16)];
      return text;
    },
  };
}
