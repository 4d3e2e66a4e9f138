import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Spool, SpoolFactory } from '../spool.js';

const FLUSH_BYTES = 1 << 20;

/** A spool backed by a temporary file, so memory stays flat whatever the output size. */
export async function createFileSpool(directory: string = tmpdir()): Promise<Spool> {
  const folder = await mkdtemp(join(directory, 'unnest-spool-'));
  const path = join(folder, 'spool');
  const handle = await open(path, 'w');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let size = 0;
  let closed = false;
  let disposed = false;

  const flush = async () => {
    if (pendingBytes === 0) return;
    const batch = pending;
    pending = [];
    pendingBytes = 0;
    await handle.writev(batch);
  };

  return {
    async write(chunk) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      size += chunk.length;
      if (pendingBytes >= FLUSH_BYTES) await flush();
    },
    get size() {
      return size;
    },
    async *read() {
      await flush();
      await handle.close();
      closed = true;
      yield* createReadStream(path, { highWaterMark: FLUSH_BYTES });
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      if (!closed) await handle.close().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A spool factory for the engine's `spool` option that writes into `directory` (default: the OS temp folder). */
export function fileSpoolFactory(directory?: string): SpoolFactory {
  return () => createFileSpool(directory);
}
