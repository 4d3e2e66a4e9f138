import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import { createFileSpool } from './file-spool.js';

let directory = '';
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'unnest-spool-test-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Deterministic bytes: chunk `k` of `size` bytes. */
function chunkOf(k: number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (k * 31 + i * 7) & 0xff;
  return bytes;
}

describe('createFileSpool', () => {
  it('reads back exactly what was written, across several write batches and read chunks', async () => {
    const spool = await createFileSpool(directory);
    const written: Uint8Array[] = [];
    // About 3.5 MiB in uneven chunks: several batches overlap with the writes, several reads come back.
    for (let k = 0; k < 60; k++) {
      const chunk = chunkOf(k, 1000 + k * 2000);
      written.push(chunk);
      await spool.write(chunk);
    }
    const expected = concatBytes(written);
    expect(spool.size).toBe(expected.length);
    const read: Uint8Array[] = [];
    for await (const chunk of spool.read()) read.push(chunk);
    expect(read.length).toBeGreaterThan(1);
    expect(sameBytes(concatBytes(read), expected)).toBe(true);
    await spool.dispose();
    expect(await readdir(directory)).toEqual([]);
  });

  it('reads nothing back from an empty spool and can be disposed twice', async () => {
    const spool = await createFileSpool(directory);
    const read: Uint8Array[] = [];
    for await (const chunk of spool.read()) read.push(chunk);
    expect(read).toEqual([]);
    await spool.dispose();
    await spool.dispose();
    expect(await readdir(directory)).toEqual([]);
  });

  it('removes its file when disposed before being read', async () => {
    const spool = await createFileSpool(directory);
    await spool.write(chunkOf(1, 3 << 20));
    await spool.dispose();
    expect(await readdir(directory)).toEqual([]);
  });
});

/** Byte equality without a deep-equal walk (slow on megabytes). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
