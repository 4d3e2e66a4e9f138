import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Raised when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${path.dirname(lockFile)} is in use by another Unnest process (pid ${pid}). ` +
        'The embedded database allows one process per directory: stop that process, or use another DATA_DIR, ' +
        `or point every process at PostgreSQL with DATABASE_URL. If pid ${pid} is not an Unnest process, delete ${lockFile}.`,
    );
  }
}

// Lock files this process holds: a lock naming our own PID that is not in here was left by an
// earlier process that had the same PID (a container restart), so it is stale.
const heldByThisProcess = new Set<string>();

/** A held lock; release() is idempotent. */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { pid: number; host: string } | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown };
    if (typeof owner.pid === 'number' && typeof owner.host === 'string') return { pid: owner.pid, host: owner.host };
  } catch {
    // Unreadable: not written by us (we link a complete file into place), so it is stale.
  }
  return undefined;
}

/**
 * Takes the exclusive lock file `DATA_DIR/.lock` for this process. PGlite has no lock of its own and
 * two processes on one directory silently lose writes, so a second process must refuse to start. A
 * lock left by a process that is no longer alive (a crash, kill -9) is stale and is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  const me = JSON.stringify({ pid: process.pid, host: os.hostname() });
  for (let attempt = 0; attempt < 5; attempt++) {
    // Write the owner to a private file and hard-link it into place: link() fails when the lock
    // exists, and a reader never sees a half-written lock.
    const draft = `${file}.${process.pid}.draft`;
    fs.writeFileSync(draft, me);
    try {
      fs.linkSync(draft, file);
      heldByThisProcess.add(file);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          heldByThisProcess.delete(file);
          if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === me) fs.rmSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
    const owner = readOwner(file);
    if (owner && owner.host !== os.hostname()) {
      // Another machine sharing the directory: its PID cannot be checked from here, so never steal it.
      throw new DataDirLockedError(file, owner.pid);
    }
    if (owner?.pid === process.pid && heldByThisProcess.has(file)) throw new DataDirLockedError(file, owner.pid);
    if (owner && owner.pid !== process.pid && processIsAlive(owner.pid)) throw new DataDirLockedError(file, owner.pid);
    // Stale: rename it away first so that two processes recovering at once cannot both win.
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      fs.renameSync(file, aside);
      fs.rmSync(aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
