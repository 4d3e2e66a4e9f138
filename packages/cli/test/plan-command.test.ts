import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ComparisonReport } from '@unnest/engine';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { memoryIo } from './memory-io.js';

const countries = new URL('../../../testdata/flattening/world-countries/countries.json', import.meta.url).pathname;
const firebase = new URL('../../../testdata/flattening/firebase-export.json', import.meta.url).pathname;

describe('unnest plan', () => {
  it('prints the proposal as JSON and the reasons on standard error', async () => {
    const t = memoryIo();
    expect(await runCli(['plan', countries], t.io)).toBe(0);
    const plan = JSON.parse(t.stdout());
    expect(plan.version).toBe(1);
    expect(plan.paths).toContainEqual({
      path: 'currencies',
      strategy: 'json',
      reason:
        '`currencies` is a map: its keys are codes (AWG, AFN, AOA, …). Kept as JSON in one column instead of 325 columns.',
    });
    const lines = t.stderr().trimEnd().split('\n');
    expect(lines).toContain(
      'unnest: `borders` is a list of up to 16 strings: joined with "; " in one column instead of 17 columns.',
    );
    expect(lines.at(-1)).toBe('unnest: About 31 columns instead of 1,270.');
  });

  it('proposes a table per map of records with --relational, and the ZIP reads back to the same JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'unnest-cli-plan-'));
    const planPath = join(dir, 'plan.json');
    const zipPath = join(dir, 'users.zip');
    const t = memoryIo();
    expect(await runCli(['plan', firebase, '--records', 'users', '--relational', '-o', planPath], t.io)).toBe(0);
    expect(t.stderr()).toContain(
      'unnest: `devices` is a map of records: its keys are ids (d7f3a9c2e1b04f6a, a1b2c3d4e5f60718, 0f9e8d7c6b5a4321, …). A table of its own (about 7 rows × 6 columns), one row per member with its key in _index, linked to its parent row by _parent_id; one column here instead of 15.',
    );
    const plan = JSON.parse(await readFile(planPath, 'utf8'));
    expect(plan.paths).toContainEqual(expect.objectContaining({ path: 'devices', strategy: 'table' }));
    const args = ['json2csv', firebase, '--plan', planPath, '--records', 'users', '--relational', '-o', zipPath];
    expect(await runCli(args, memoryIo().io)).toBe(0);
    const compared = memoryIo();
    expect(await runCli(['compare', firebase, zipPath], compared.io)).toBe(0);
    const report = JSON.parse(compared.stdout()) as ComparisonReport;
    expect(report.differences).toEqual([]);
  });

  it('prints the profile with --profile, nothing on standard error with -q', async () => {
    const t = memoryIo('[{"a":[1,2]},{"a":[3,4]}]');
    expect(await runCli(['plan', '--profile', '-q'], t.io)).toBe(0);
    const profile = JSON.parse(t.stdout());
    expect(profile).toMatchObject({ records: 2, defaultColumns: 2, sampled: false });
    expect(t.stderr()).toBe('');
  });

  it('fails on a bad sample size (exit 2)', async () => {
    const t = memoryIo('[]');
    expect(await runCli(['plan', '--sample', '0'], t.io)).toBe(2);
    expect(t.stderr()).toContain('--sample must be a whole number, 1 or more');
  });
});

describe('--plan', () => {
  it('converts with a written plan, reads the CSV back under it, and compares as lossless', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'unnest-cli-plan-'));
    const planPath = join(dir, 'plan.json');
    const csvPath = join(dir, 'users.csv');
    expect(await runCli(['plan', firebase, '--records', 'users', '-q', '-o', planPath], memoryIo().io)).toBe(0);
    expect(await runCli(['json2csv', firebase, '--plan', planPath, '-o', csvPath], memoryIo().io)).toBe(0);
    const csv = await readFile(csvPath, 'utf8');
    expect(csv.split('\n')[0]).toBe('key,name,email,createdAt,roles,devices,settings.theme,settings.emails,note');
    const back = memoryIo();
    expect(await runCli(['csv2json', csvPath, '--plan', planPath], back.io)).toBe(0);
    const original = JSON.parse(await readFile(firebase, 'utf8'));
    const users = JSON.parse(back.stdout());
    expect(Object.keys(users)).toEqual(Object.keys(original.users));
    expect(users['-NxA1b2C3d4E5f6G7h8j'].roles).toEqual(['viewer']);
    expect(users['-NxA1b2C3d4E5f6G7h8j'].devices).toEqual(original.users['-NxA1b2C3d4E5f6G7h8j'].devices);
    const compare = memoryIo();
    expect(await runCli(['compare', firebase, csvPath, '--plan', planPath], compare.io)).toBe(0);
    const report = JSON.parse(compare.stdout()) as ComparisonReport;
    expect(report.differencesTotal).toBe(0);
    expect(report.counts.originalRecords).toBe(5);
  });

  it('refuses a plan file that is not a plan (exit 2) or not JSON (exit 3)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'unnest-cli-plan-'));
    await writeFile(join(dir, 'bad.json'), '{"version":1,"paths":[{"path":"a","strategy":"table"}]}');
    await writeFile(join(dir, 'text.json'), 'not json');
    const bad = memoryIo('[{"a":[1]}]');
    expect(await runCli(['json2csv', '--plan', join(dir, 'bad.json')], bad.io)).toBe(2);
    expect(bad.stderr()).toContain('strategy "table" needs relational output');
    const text = memoryIo('[{"a":[1]}]');
    expect(await runCli(['json2csv', '--plan', join(dir, 'text.json')], text.io)).toBe(3);
    expect(text.stderr()).toMatch(/^unnest: plan '.+text\.json' is not JSON: /);
  });
});
