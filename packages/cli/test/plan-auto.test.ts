import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ComparisonReport } from '@unnest/engine';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { memoryIo } from './memory-io.js';

const countries = new URL('../../../testdata/flattening/world-countries/countries.json', import.meta.url).pathname;
const firebase = new URL('../../../testdata/flattening/firebase-export.json', import.meta.url).pathname;

async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'unnest-cli-plan-auto-'));
}

describe('json2csv --plan auto', () => {
  it('writes byte for byte what the saved proposal gives, and says what it decided on standard error', async () => {
    const dir = await scratch();
    const planPath = join(dir, 'plan.json');
    expect(await runCli(['plan', countries, '-q', '-o', planPath], memoryIo().io)).toBe(0);
    const saved = memoryIo();
    expect(await runCli(['json2csv', countries, '--plan', planPath], saved.io)).toBe(0);
    const auto = memoryIo();
    expect(await runCli(['json2csv', countries, '--plan', 'auto'], auto.io)).toBe(0);
    expect(auto.stdoutBytes().equals(saved.stdoutBytes())).toBe(true);
    const header = auto.stdout().split('\n')[0] ?? '';
    expect(header.split(',')).toHaveLength(31);
    const lines = auto.stderr().trimEnd().split('\n');
    expect(lines[0]).toBe(`unnest: --plan auto: profiled 250 records of ${countries}; the plan applied:`);
    expect(lines).toContain(
      'unnest: `borders` is a list of up to 16 strings: joined with "; " in one column instead of 17 columns.',
    );
    expect(lines).toContain('unnest: About 31 columns instead of 1,270.');
  });

  it('reads standard input twice through a temporary copy', async () => {
    const input = await readFile(countries);
    const fromFile = memoryIo();
    expect(await runCli(['json2csv', countries, '--plan', 'auto', '-q'], fromFile.io)).toBe(0);
    expect(fromFile.stderr()).toBe('');
    const fromStdin = memoryIo(input);
    expect(await runCli(['json2csv', '--plan', 'auto'], fromStdin.io)).toBe(0);
    expect(fromStdin.stdoutBytes().equals(fromFile.stdoutBytes())).toBe(true);
    expect(fromStdin.stderr()).toContain('unnest: --plan auto: profiled 250 records of standard input');
  });

  it("applies the relational proposal with --relational: the ZIP equals the saved plan's and reads back whole", async () => {
    const dir = await scratch();
    const planPath = join(dir, 'plan.json');
    const savedZip = join(dir, 'saved.zip');
    const autoZip = join(dir, 'auto.zip');
    const scope = ['--records', 'users', '--relational'];
    expect(await runCli(['plan', firebase, ...scope, '-q', '-o', planPath], memoryIo().io)).toBe(0);
    expect(await runCli(['json2csv', firebase, ...scope, '--plan', planPath, '-o', savedZip], memoryIo().io)).toBe(0);
    const auto = memoryIo();
    expect(await runCli(['json2csv', firebase, ...scope, '--plan', 'auto', '-o', autoZip], auto.io)).toBe(0);
    expect((await readFile(autoZip)).equals(await readFile(savedZip))).toBe(true);
    expect(auto.stderr()).toContain('`devices` is a map of records');
    const compared = memoryIo();
    expect(await runCli(['compare', firebase, autoZip], compared.io)).toBe(0);
    expect((JSON.parse(compared.stdout()) as ComparisonReport).differences).toEqual([]);
  });

  it('is refused by csv2json, which reads back under a saved plan (exit 2)', async () => {
    const t = memoryIo('a\n1\n');
    expect(await runCli(['csv2json', '--plan', 'auto'], t.io)).toBe(2);
    expect(t.stderr()).toContain('--plan auto applies to json2csv and compare only');
  });
});

describe('compare --plan auto', () => {
  it('reads the CSV of json2csv --plan auto back under the same proposal: nothing lost', async () => {
    const dir = await scratch();
    const csvPath = join(dir, 'countries.csv');
    expect(await runCli(['json2csv', countries, '--plan', 'auto', '-q', '-o', csvPath], memoryIo().io)).toBe(0);
    const plain = memoryIo();
    expect(await runCli(['compare', countries, csvPath], plain.io)).toBe(0);
    expect((JSON.parse(plain.stdout()) as ComparisonReport).paths.lost).toBeGreaterThan(0);
    const auto = memoryIo();
    expect(await runCli(['compare', countries, csvPath, '--plan', 'auto'], auto.io)).toBe(0);
    const report = JSON.parse(auto.stdout()) as ComparisonReport;
    expect(report.differences).toEqual([]);
    expect(report.paths.lost).toBe(0);
    expect(auto.stderr()).toContain('unnest: About 31 columns instead of 1,270.');
  });

  it('is refused for a relational ZIP, which carries its plan (exit 2)', async () => {
    const dir = await scratch();
    const zipPath = join(dir, 'users.zip');
    const scope = ['--records', 'users', '--relational', '--plan', 'auto'];
    expect(await runCli(['json2csv', firebase, ...scope, '-q', '-o', zipPath], memoryIo().io)).toBe(0);
    const compared = memoryIo();
    expect(await runCli(['compare', firebase, zipPath, '--plan', 'auto'], compared.io)).toBe(2);
    expect(compared.stderr()).toContain('--plan auto does not apply to a relational ZIP');
  });
});
