import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.js';
import { openDatabase } from '../src/db/database.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function writeLock(dir: string, pid: number): void {
  fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid, host: os.hostname() }));
}

describe('the DATA_DIR lock', () => {
  it('refuses a second holder, and is free again once released', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Unnest process/);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('refuses while another live process holds it', async () => {
    const dir = freshDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      if (child.pid === undefined) throw new Error('no child process');
      writeLock(dir, child.pid);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${child.pid}`));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dir = freshDir();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const pid = child.pid;
    await new Promise((resolve) => child.on('exit', resolve));
    if (pid === undefined) throw new Error('no child process');
    writeLock(dir, pid);
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
  });

  it('takes over a lock naming our own PID that this process does not hold (a restarted container)', () => {
    const dir = freshDir();
    writeLock(dir, process.pid);
    const lock = acquireDataDirLock(dir);
    // Taken over and now held: a second acquire in this process refuses, and release frees it.
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toEqual({ pid: process.pid, host: os.hostname() });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
  });

  it('guards the embedded database: a second open of one DATA_DIR fails until the first closes', async () => {
    const dir = freshDir();
    const first = await openDatabase({ databaseUrl: undefined, dataDir: dir }, () => {});
    await expect(openDatabase({ databaseUrl: undefined, dataDir: dir }, () => {})).rejects.toThrow(DataDirLockedError);
    await first.close();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  }, 60_000);
});
