import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { diedOnThisHost, THIS_WORKER } from './worker-identity.js';

describe('diedOnThisHost', () => {
  it('knows this process is alive and a finished process of this host is dead', () => {
    expect(THIS_WORKER.startsWith(`${os.hostname()}:${process.pid}:`)).toBe(true);
    expect(diedOnThisHost(THIS_WORKER)).toBe(false);
    const finished = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    expect(diedOnThisHost(`${os.hostname()}:${finished.stdout}:abc123`)).toBe(true);
  });

  it('cannot tell for another host (the heartbeat decides there), nor for this pid under another tag', () => {
    expect(diedOnThisHost(`another-host-${os.hostname()}:1:abc123`)).toBe(false);
    expect(diedOnThisHost(`${os.hostname()}:${process.pid}:other1`)).toBe(true);
  });
});
