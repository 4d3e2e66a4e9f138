import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptsDirectWrites, rememberDirectWrites, writeDirect } from './direct-writes.js';

let folder: string;
let files = 0;
const nextFile = () => path.join(folder, `file-${files++}`);

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'unnest-direct-'));
});
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

/** `bytes` cut into chunks of the given sizes (the last takes what is left). */
function* cut(bytes: Uint8Array, sizes: readonly number[]): Generator<Uint8Array> {
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) break;
    yield bytes.subarray(at, at + size);
    at += size;
  }
  if (at < bytes.length) yield bytes.subarray(at);
}

async function* slowly(chunks: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

describe('direct writes', () => {
  // CI runs on Linux with an ext4 temporary folder, where O_DIRECT works; no other system has the flag.
  it('are taken by the temporary folder on Linux, and found out once per folder', async () => {
    const verdict = acceptsDirectWrites(folder);
    expect(acceptsDirectWrites(folder)).toBe(verdict);
    expect(await verdict).toBe(process.platform === 'linux');
    // The probe leaves no file behind.
    expect((await fs.readdir(folder)).filter((name) => name.startsWith('direct-write-probe'))).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('probe with a file only the server may read, and not where told', async () => {
    const opened = vi.spyOn(fs, 'open');
    try {
      const probed = await fs.mkdtemp(path.join(folder, 'probed-'));
      expect(await acceptsDirectWrites(probed)).toBe(true);
      const probes = opened.mock.calls.filter(([file]) => String(file).includes('direct-write-probe'));
      expect(probes).toHaveLength(1);
      expect(probes[0]?.[2]).toBe(0o600);
      expect(await fs.readdir(probed)).toEqual([]);
      // A worker thread told the verdict found for the process does not probe again.
      opened.mockClear();
      const told = await fs.mkdtemp(path.join(folder, 'told-'));
      rememberDirectWrites(told, true);
      expect(await acceptsDirectWrites(told)).toBe(true);
      expect(opened).not.toHaveBeenCalled();
    } finally {
      opened.mockRestore();
    }
  });

  it.runIf(process.platform === 'linux')(
    'store every byte whatever the length and the chunking, cutting the padded last block back',
    async () => {
      const sizes = [0, 1, 4095, 4096, 4097, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 5 * (1 << 20) + 123];
      for (const size of sizes) {
        const bytes = randomBytes(size);
        const file = nextFile();
        expect(await writeDirect(file, slowly(cut(bytes, [7, 65_536, 1 << 20, 3])), 0o600)).toBe(size);
        expect((await fs.readFile(file)).equals(bytes)).toBe(true);
        expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      }
    },
  );

  it.runIf(process.platform === 'linux')('store any chunking of any bytes exactly (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 * (1 << 20) }),
        fc.array(fc.integer({ min: 1, max: 1_500_000 }), { maxLength: 12 }),
        async (length, sizes) => {
          const bytes = randomBytes(length);
          const file = nextFile();
          expect(await writeDirect(file, slowly(cut(bytes, sizes)), 0o600)).toBe(length);
          expect((await fs.readFile(file)).equals(bytes)).toBe(true);
          await fs.rm(file);
        },
      ),
      { numRuns: 25 },
    );
  });

  it.runIf(process.platform === 'linux')('keep files written at the same time apart', async () => {
    const inputs = Array.from({ length: 6 }, (_, index) => randomBytes(2 * (1 << 20) + index * 999));
    const targets = inputs.map(() => nextFile());
    await Promise.all(
      inputs.map((bytes, index) => writeDirect(targets[index] as string, slowly(cut(bytes, [333_333])), 0o600)),
    );
    for (const [index, bytes] of inputs.entries()) {
      expect((await fs.readFile(targets[index] as string)).equals(bytes)).toBe(true);
    }
  });

  it.runIf(process.platform === 'linux')('pass on the source failure and refuse an existing file', async () => {
    const file = nextFile();
    async function* failing() {
      yield randomBytes(3 * (1 << 20));
      throw new Error('connection cut');
    }
    await expect(writeDirect(file, failing(), 0o600)).rejects.toThrow('connection cut');
    await expect(writeDirect(file, slowly([new Uint8Array(1)]), 0o600)).rejects.toMatchObject({ code: 'EEXIST' });
    // The staging memory is whole again after the failure.
    const after = randomBytes(1 << 20);
    const next = nextFile();
    await writeDirect(next, slowly([after]), 0o600);
    expect((await fs.readFile(next)).equals(after)).toBe(true);
  });
});

describe('local storage without memory for direct writes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** Fresh modules (no staging memory kept yet) whose WebAssembly memory cannot be had after `allowed` tries. */
  async function storageWithMemoryFor(allowed: number) {
    vi.resetModules();
    let made = 0;
    vi.stubGlobal('WebAssembly', {
      Memory: class {
        readonly buffer: ArrayBuffer;
        constructor({ initial }: { initial: number }) {
          if (++made > allowed) throw new RangeError('WebAssembly.Memory(): could not allocate memory');
          this.buffer = new ArrayBuffer(initial * 65_536);
        }
      },
    });
    return (await import('./local-storage.js')).localStorage(folder);
  }

  it.runIf(process.platform === 'linux')(
    'writes through the page cache when the staging memory is refused, whole and in parallel',
    async () => {
      // Memory for the probe only: the first file reuses it, the second cannot get its own.
      const storage = await storageWithMemoryFor(1);
      const inputs = [randomBytes(3 * (1 << 20) + 17), randomBytes(2 * (1 << 20) + 5)];
      const written = await Promise.all(
        inputs.map((bytes, index) => storage.put(`fallback/${index}.bin`, slowly(cut(bytes, [100_000])))),
      );
      expect(written).toEqual(inputs.map((bytes) => bytes.length));
      for (const [index, bytes] of inputs.entries()) {
        expect((await fs.readFile(path.join(folder, `fallback/${index}.bin`))).equals(bytes)).toBe(true);
      }
      // No memory at all: the probe says no, and every file goes through the page cache.
      const none = await storageWithMemoryFor(0);
      const bytes = randomBytes(12_345);
      expect(await none.put('fallback/none.bin', slowly([bytes]))).toBe(bytes.length);
      expect((await fs.readFile(path.join(folder, 'fallback/none.bin'))).equals(bytes)).toBe(true);
    },
  );
});
