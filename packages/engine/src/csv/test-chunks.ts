/** Test support: the ways a fixture is fed, since chunk boundaries are where streaming parsers break. */

/** Splits bytes into chunks: whole, one byte each, and random sizes from a fixed seed. */
export function chunkings(bytes: Uint8Array, seed = 7): { name: string; chunks: Uint8Array[] }[] {
  const single: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i++) single.push(bytes.subarray(i, i + 1));
  const random: Uint8Array[] = [];
  let state = seed;
  for (let i = 0; i < bytes.length; ) {
    state = (state * 1103515245 + 12345) >>> 0;
    const size = 1 + (state % 17);
    random.push(bytes.subarray(i, i + size));
    i += size;
  }
  return [
    { name: 'whole', chunks: [bytes] },
    { name: 'one byte at a time', chunks: single },
    { name: 'random chunks', chunks: random },
  ];
}
