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
 * Sweeps this host's leftovers and the stored files of interrupted conversions (`storedFiles`, see
 * FilesService.sweepInterrupted) at start and then hourly. Per process rather than a queued job,
 * because each host has its own DATA_DIR and an API-only node runs no jobs; the file sweep is
 * idempotent, so several processes may run it. Failures are logged, never thrown: it is housekeeping.
 * `done` settles when the sweep at start has finished.
 */
export function startLeftoverSweeper(options: {
  dirs: readonly string[];
  storedFiles: (now: Date) => Promise<{ interrupted: number; orphaned: number }>;
  clock: Clock;
  log: Logger;
}): { stop(): void; done: Promise<void> } {
  const sweep = async () => {
    try {
      const now = options.clock.now();
      const removed = await sweepLeftovers(options.dirs, new Date(now.getTime() - LEFTOVER_AGE_MS));
      if (removed > 0) options.log.info({ removed }, 'removed leftovers of interrupted conversions');
      const files = await options.storedFiles(now);
      if (files.interrupted + files.orphaned > 0) {
        options.log.info(files, 'marked interrupted conversions failed and removed bytes with no file record');
      }
    } catch (error) {
      options.log.warn({ err: error }, 'sweeping leftovers failed');
    }
  };
  const done = sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), done };
}
