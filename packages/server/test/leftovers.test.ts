import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEFTOVER_AGE_MS, sweepLeftovers } from '../src/platform/leftovers.js';

function aged(file: string, ageMs: number): void {
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

describe('leftovers of interrupted conversions', () => {
  it('removes old storage drafts and spools, and keeps young ones and real files', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-leftovers-'));
    const files = path.join(root, 'files', 'user-1');
    const spool = path.join(root, 'spool');
    fs.mkdirSync(files, { recursive: true });
    fs.mkdirSync(path.join(spool, 'unnest-spool-old'), { recursive: true });
    fs.mkdirSync(path.join(spool, 'unnest-spool-young'), { recursive: true });
    fs.writeFileSync(path.join(spool, 'unnest-spool-old', 'spool'), 'rows');
    for (const name of ['a.csv', 'a.csv.part-0a1b2c3d', 'b.csv.part-ffff0000']) {
      fs.writeFileSync(path.join(files, name), 'bytes');
    }
    const old = LEFTOVER_AGE_MS + 60_000;
    aged(path.join(files, 'a.csv'), old);
    aged(path.join(files, 'a.csv.part-0a1b2c3d'), old);
    aged(path.join(spool, 'unnest-spool-old'), old);

    const removed = await sweepLeftovers(
      [spool, path.join(root, 'files'), path.join(root, 'missing')],
      new Date(Date.now() - LEFTOVER_AGE_MS),
    );

    expect(removed).toBe(2);
    expect(fs.readdirSync(files).sort()).toEqual(['a.csv', 'b.csv.part-ffff0000']);
    expect(fs.readdirSync(spool)).toEqual(['unnest-spool-young']);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
