import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writing a new file with O_DIRECT: the bytes go from our buffers to the device, past the page cache.
 *
 * Why: a stored original or result is written once and read rarely, yet through the page cache every
 * byte first takes a fresh page of memory. On virtual machines that hand free memory back to their
 * host (free page reporting, as on Firecracker), each fresh page is a fault into the host: there a
 * buffered gigabyte cost 2.2 to 2.4 s of system CPU against 0.15 s written directly (on the 2-core
 * CI machine), and it took that CPU from the conversion running beside it. Elsewhere direct writes save
 * the copy into the cache and leave the cache to the files that are read again.
 *
 * O_DIRECT asks for buffers, lengths and file offsets aligned to the device's block. The buffers come
 * from WebAssembly memory, which starts on a page boundary (a Buffer's start is not known); every write
 * is a whole number of ALIGNMENT-byte blocks, and the last, zero-padded, is cut back by a truncate.
 */

/** Node has WebAssembly; its types come only with the DOM library, which the server does not load. */
declare const WebAssembly: {
  Memory: new (descriptor: { initial: number; maximum: number }) => { readonly buffer: ArrayBuffer };
};

/** Covers the usual logical block sizes (512 and 4096 bytes) and the page size. */
const ALIGNMENT = 4096;
/** One write's size: large enough that a device's per-request cost does not count. */
const BLOCK_BYTES = 1 << 20;
/** Blocks per file being written: one filling while the others are written, in parallel on libuv's pool. */
const BLOCKS = 4;
const WASM_PAGE_BYTES = 64 * 1024;

/** Staging memory of one file being written; kept for the next file once that one is written. */
interface Staging {
  blocks: Buffer[];
}

const idleStagings: Staging[] = [];

/**
 * Raised, before anything is read or written, when no staging memory can be had (V8 reserves address space
 * for each WebAssembly memory, which a process limit such as `ulimit -v` may refuse): the caller writes
 * through the page cache instead.
 */
export class DirectWritesUnavailableError extends Error {
  constructor(cause: unknown) {
    super('no aligned memory for direct writes', { cause });
    this.name = 'DirectWritesUnavailableError';
  }
}

function takeStaging(): Staging {
  const idle = idleStagings.pop();
  if (idle) return idle;
  const pages = (BLOCKS * BLOCK_BYTES) / WASM_PAGE_BYTES;
  let memory: { readonly buffer: ArrayBuffer };
  try {
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  } catch (error) {
    throw new DirectWritesUnavailableError(error);
  }
  return {
    blocks: Array.from({ length: BLOCKS }, (_, index) => Buffer.from(memory.buffer, index * BLOCK_BYTES, BLOCK_BYTES)),
  };
}

const verdicts = new Map<string, Promise<boolean>>();
const PROBE_MODE = 0o600;

/**
 * Whether `folder`'s file system takes direct writes from this process, found once per folder by writing
 * (and removing) one aligned block: not on every system (no O_DIRECT outside Linux) nor file system
 * (tmpfs before Linux 6.6, some FUSE mounts). Worker threads are told the HTTP thread's verdict
 * (`rememberDirectWrites`) rather than probing again each time one starts.
 */
export function acceptsDirectWrites(folder: string): Promise<boolean> {
  let verdict = verdicts.get(folder);
  if (!verdict) {
    verdict = probe(folder);
    verdicts.set(folder, verdict);
  }
  return verdict;
}

/** Takes a verdict found elsewhere in the process (by the thread that started this one) for `folder`. */
export function rememberDirectWrites(folder: string, verdict: boolean): void {
  verdicts.set(folder, Promise.resolve(verdict));
}

async function probe(folder: string): Promise<boolean> {
  if (constants.O_DIRECT === undefined) return false;
  // Named as a storage draft, so that the leftover sweep removes one a crash left behind.
  const file = path.join(folder, `direct-write-probe.part-${randomBytes(4).toString('hex')}`);
  let staging: Staging | undefined;
  try {
    staging = takeStaging();
    // Readable by the server's account alone, as every stored file: it may be seen for a moment.
    const handle = await fs.open(
      file,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DIRECT,
      PROBE_MODE,
    );
    try {
      const block = (staging.blocks[0] as Buffer).subarray(0, ALIGNMENT).fill(0);
      return (await handle.write(block, 0, ALIGNMENT, 0)).bytesWritten === ALIGNMENT;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  } finally {
    if (staging) idleStagings.push(staging);
    await fs.rm(file, { force: true });
  }
}

/**
 * Writes every byte of `body` into the new file `file` (created with `mode`; it must not exist) with
 * direct writes, and answers how many there were. Use only where `acceptsDirectWrites` said yes. On
 * failure the file is left for the caller to remove; DirectWritesUnavailableError comes before the file
 * is made or `body` read.
 */
export async function writeDirect(file: string, body: AsyncIterable<Uint8Array>, mode: number): Promise<number> {
  const staging = takeStaging();
  let handle: FileHandle;
  try {
    handle = await fs.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DIRECT, mode);
  } catch (error) {
    idleStagings.push(staging);
    throw error;
  }
  // The write of each block still in flight, awaited before that block is filled again.
  const writing: Array<Promise<void> | undefined> = [];
  try {
    let current = 0;
    let filled = 0;
    let position = 0;
    let total = 0;
    const startWrite = (length: number) => {
      const write = writeAll(handle, staging.blocks[current] as Buffer, length, position);
      // Awaited when the block comes round again or at the end; until then it must not count as unhandled.
      write.catch(() => {});
      writing[current] = write;
      position += length;
      current = (current + 1) % BLOCKS;
      filled = 0;
    };
    for await (const chunk of body) {
      total += chunk.length;
      for (let at = 0; at < chunk.length; ) {
        if (filled === 0) await writing[current];
        const length = Math.min(chunk.length - at, BLOCK_BYTES - filled);
        (staging.blocks[current] as Buffer).set(chunk.subarray(at, at + length), filled);
        filled += length;
        at += length;
        if (filled === BLOCK_BYTES) startWrite(BLOCK_BYTES);
      }
    }
    if (filled > 0) {
      const padded = Math.ceil(filled / ALIGNMENT) * ALIGNMENT;
      (staging.blocks[current] as Buffer).fill(0, filled, padded);
      startWrite(padded);
    }
    await Promise.all(writing);
    // The zeros padding the last block are not the file's.
    if (position !== total) await handle.truncate(total);
    return total;
  } catch (error) {
    // No write may still be reading a block when the staging memory is handed out again.
    await Promise.allSettled(writing);
    throw error;
  } finally {
    await handle.close();
    idleStagings.push(staging);
  }
}

/** Writes `length` bytes of `block` at `position`, going on after a short write (which stays aligned). */
async function writeAll(handle: FileHandle, block: Buffer, length: number, position: number): Promise<void> {
  for (let done = 0; done < length; ) {
    const { bytesWritten } = await handle.write(block, done, length - done, position + done);
    if (bytesWritten === 0) throw new Error('the file system took no bytes of a direct write');
    done += bytesWritten;
  }
}
