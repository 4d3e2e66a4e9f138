import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * Names this process as the converter of a batch file (`host:pid:tag`), so that the file shows which
 * worker converted it and another process on the same host can tell when its converter died.
 */
export const THIS_WORKER = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Whether `worker` names a process of this host that is no longer running (a kill -9, a crash). */
export function diedOnThisHost(worker: string): boolean {
  const [host, pid] = worker.split(':');
  if (host !== os.hostname() || pid === undefined) return false;
  if (worker === THIS_WORKER) return false;
  try {
    process.kill(Number(pid), 0);
    // The pid runs, but it may be a new process of ours that reuses it: then the tag differs.
    return Number(pid) === process.pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
