import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

/** A crash can leave these behind; a finished or failed conversion never does (it cleans up after itself). */
const STORAGE_DRAFT = '.part-';
const SPOOL_DIR_PREFIX = 'unnest-spool-';

/** Leftovers younger than this may belong to a conversion still running in another process on this host. */
export const LEFTOVER_AGE_MS = 6 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes, below each of `dirs`, storage drafts (`*.part-*`) and conversion spools (`unnest-spool-*`) last
 * changed before `olderThan`, and returns how many it removed. Missing directories are skipped.
 */
export async function sweepLeftovers(dirs: readonly string[], olderThan: Date): Promise<number> {
  let removed = 0;
  for (const dir of dirs) {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const entry of entries) {
      const leftover =
        (entry.isFile() && entry.name.includes(STORAGE_DRAFT)) ||
        (entry.isDirectory() && entry.name.startsWith(SPOOL_DIR_PREFIX));
      if (!leftover) continue;
      const full = path.join(entry.parentPath, entry.name);
      const info = await fs.stat(full).catch(() => null);
      if (info === null || info.mtime >= olderThan) continue;
      await fs.rm(full, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Sweeps this host's leftovers at start and then hourly. Per process rather than a queued job, because
 * each host has its own DATA_DIR. Failures are logged, never thrown: the sweep is housekeeping.
 */
export function startLeftoverSweeper(options: { dirs: readonly string[]; clock: Clock; log: Logger }): {
  stop(): void;
} {
  const sweep = async () => {
    try {
      const olderThan = new Date(options.clock.now().getTime() - LEFTOVER_AGE_MS);
      const removed = await sweepLeftovers(options.dirs, olderThan);
      if (removed > 0) options.log.info({ removed }, 'removed leftovers of interrupted conversions');
    } catch (error) {
      options.log.warn({ err: error }, 'sweeping leftovers failed');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
