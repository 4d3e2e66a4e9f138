import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Spool, SpoolFactory } from '../spool.js';

/** Writes are batched and reads done in chunks of this size. */
const IO_CHUNK = 1 << 20;

/**
 * A spool backed by a temporary file, so memory stays flat whatever the output size.
 *
 * The disk work overlaps the conversion: one batch is written while the next is being produced, and the
 * read-back keeps one read ahead of its consumer. The file system runs on libuv's thread pool, so the
 * converting thread never waits for a write or read that could have run beside it. At most two batches
 * are held at a time.
 */
export async function createFileSpool(directory: string = tmpdir()): Promise<Spool> {
  const folder = await mkdtemp(join(directory, 'unnest-spool-'));
  const path = join(folder, 'spool');
  const handle = await open(path, 'w+');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let size = 0;
  let closed = false;
  let disposed = false;
  /** The write running in the background; awaited before the next one starts, so its error surfaces there. */
  let writing: Promise<void> = Promise.resolve();

  const flush = async () => {
    await writing;
    if (pendingBytes === 0) return;
    const batch = pending;
    pending = [];
    pendingBytes = 0;
    writing = writeAll(handle, batch);
    // Marked handled here; the same promise is awaited (and its error thrown) by the next flush.
    writing.catch(() => undefined);
  };

  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };

  return {
    async write(chunk) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      size += chunk.length;
      if (pendingBytes >= IO_CHUNK) await flush();
    },
    get size() {
      return size;
    },
    async *read() {
      await flush();
      await writing;
      // Each chunk is a fresh buffer (consumers may keep a reference to it), not zero-filled since it is
      // read over at once; a Buffer, whose indexOf (used on the rows by csvOutput) is native.
      const readAt = async (position: number): Promise<Uint8Array> => {
        const buffer = Buffer.allocUnsafe(Math.min(IO_CHUNK, size - position));
        let filled = 0;
        while (filled < buffer.length) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
          if (bytesRead === 0) throw new Error('the spool file is shorter than what was written to it');
          filled += bytesRead;
        }
        return buffer;
      };
      try {
        let position = 0;
        let next = size > 0 ? readAt(0) : null;
        while (next !== null) {
          const chunk = await next;
          position += chunk.length;
          next = position < size ? readAt(position) : null;
          // The read-ahead is awaited on the next turn; mark it handled if the consumer stops before.
          next?.catch(() => undefined);
          yield chunk;
        }
      } finally {
        await close();
      }
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await writing.catch(() => undefined);
      await close().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Writes every byte of `batch` at the end of the file (a write may be partial, so the rest is retried). */
async function writeAll(handle: FileHandle, batch: Uint8Array[]): Promise<void> {
  let buffers = batch;
  for (;;) {
    let total = 0;
    for (const buffer of buffers) total += buffer.length;
    const { bytesWritten } = await handle.writev(buffers);
    if (bytesWritten === total) return;
    buffers = dropBytes(buffers, bytesWritten);
  }
}

function dropBytes(buffers: Uint8Array[], count: number): Uint8Array[] {
  let left = count;
  let k = 0;
  while (k < buffers.length && left >= (buffers[k] as Uint8Array).length) {
    left -= (buffers[k] as Uint8Array).length;
    k++;
  }
  const rest = buffers.slice(k);
  if (rest.length > 0 && left > 0) rest[0] = (rest[0] as Uint8Array).subarray(left);
  return rest;
}

/** A spool factory for the engine's `spool` option that writes into `directory` (default: the OS temp folder). */
export function fileSpoolFactory(directory?: string): SpoolFactory {
  return () => createFileSpool(directory);
}
