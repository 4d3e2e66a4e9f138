import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('..', import.meta.url));

describe('migrations', () => {
  it('are up to date with the Drizzle schema (drizzle-kit generate finds nothing new)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-migrations-'));
    try {
      fs.cpSync(path.join(SERVER, 'drizzle'), out, { recursive: true });
      const before = fs.readdirSync(out).sort();
      // drizzle-kit prefixes the out folder with './' and exits 0 on errors: give it a relative path
      // and check what it says, not only what it wrote.
      const output = execFileSync(
        process.execPath,
        [path.join(SERVER, '../../node_modules/drizzle-kit/bin.cjs'), 'generate'],
        { cwd: SERVER, env: { ...process.env, DRIZZLE_OUT: path.relative(SERVER, out) }, encoding: 'utf8' },
      );
      expect(output).toContain('No schema changes');
      expect(fs.readdirSync(out).sort()).toEqual(before);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
