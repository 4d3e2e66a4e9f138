import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { acceptsDirectWrites, DirectWritesUnavailableError, writeDirect } from './direct-writes.js';
import { checkKey, type StorageDriver, StoredObjectMissingError } from './storage-driver.js';

const PART_SUFFIX = '.part-';
// Writes queue up to this much while the next chunk is produced, so a big result's final pass (read the
// engine's spool, write here) keeps the disk busy instead of taking turns with it.
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;
// Users' files are readable by the server's account alone.
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/** Writes `body` into `draft` with direct writes; false when that cannot start (nothing read, nothing made). */
async function wroteDirectly(draft: string, body: AsyncIterable<Uint8Array>): Promise<boolean> {
  try {
    await writeDirect(draft, body, FILE_MODE);
    return true;
  } catch (error) {
    if (error instanceof DirectWritesUnavailableError) return false;
    throw error;
  }
}

export interface LocalStorageOptions {
  /**
   * Write files past the page cache where the file system allows it (FILES_DIRECT_IO; see
   * direct-writes.ts). Off, every write goes through the page cache, which a slow disk may prefer.
   */
  directWrites?: boolean | undefined;
}

/**
 * Files in a local directory (default `DATA_DIR/files`). Writes go to a `.part-*` file renamed into
 * place once complete, so a reader never sees half a file and a failed write leaves nothing. Files
 * are created 0600 and folders 0700.
 */
export function localStorage(root: string, { directWrites = true }: LocalStorageOptions = {}): StorageDriver {
  const resolve = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'local',
    async put(key, body) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
      const draft = `${target}${PART_SUFFIX}${randomBytes(4).toString('hex')}`;
      let bytes = 0;
      const counted = async function* () {
        for await (const chunk of body) {
          bytes += chunk.length;
          yield chunk;
        }
      };
      try {
        const direct = directWrites && (await acceptsDirectWrites(root));
        // Through the page cache where direct writes are off, refused by the file system, or cannot start.
        if (!(direct && (await wroteDirectly(draft, counted())))) {
          await pipeline(
            Readable.from(counted()),
            createWriteStream(draft, { flags: 'wx', mode: FILE_MODE, highWaterMark: WRITE_BUFFER_BYTES }),
          );
        }
        await fs.rename(draft, target);
      } catch (error) {
        await fs.rm(draft, { force: true });
        throw error;
      }
      return bytes;
    },
    async get(key) {
      const file = resolve(key);
      try {
        const handle = await fs.open(file, 'r');
        return createReadStream(file, { fd: handle, highWaterMark: 1 << 20 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredObjectMissingError(key);
        throw error;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await fs.rm(file, { force: true });
      // Drafts of it too: a writer stopped mid-write (a worker ended at a conversion's time limit) left its own.
      const draftPrefix = `${path.basename(file)}${PART_SUFFIX}`;
      const siblings = await fs.readdir(path.dirname(file)).catch(() => []);
      await Promise.all(
        siblings
          .filter((name) => name.startsWith(draftPrefix))
          .map((name) => fs.rm(path.join(path.dirname(file), name), { force: true })),
      );
    },
    async deletePrefix(prefix) {
      // A conversion still writing below it (a batch deleted while it converts, which stops at its next
      // progress mark) can add a draft while the folder is emptied: the removal tries again (ENOTEMPTY).
      await fs.rm(resolve(prefix), { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
    async list(prefix) {
      const base = resolve(prefix);
      try {
        const entries = await fs.readdir(base, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
          .sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
  };
}
