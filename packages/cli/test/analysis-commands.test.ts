import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalysisReport, ComparisonReport } from '@unnest/engine';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { memoryIo } from './memory-io.js';

async function files(entries: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'unnest-cli-analysis-'));
  for (const [name, text] of Object.entries(entries)) await writeFile(join(dir, name), text);
  return dir;
}

describe('unnest analyze', () => {
  it('prints the report as JSON from standard input', async () => {
    const t = memoryIo('[{"id":1,"email":"a@b.co"},{"id":1,"email":"a@b.co"}]');
    expect(await runCli(['analyze'], t.io)).toBe(0);
    const report = JSON.parse(t.stdout()) as AnalysisReport;
    expect(report).toMatchObject({ records: 2, columns: 2, complexity: 'simple' });
    expect(report.fields[1]?.semantic?.type).toBe('email');
    expect(report.issues.map((issue) => issue.kind)).toEqual(['duplicate_records']);
    expect(t.stderr()).toBe('');
  });

  it('prints a readable summary with --text, to a file with -o', async () => {
    const dir = await files({ 'in.json': '{"data":[{"user":{"addr":{"zip":"01234"}},"n":"5"}]}' });
    const t = memoryIo();
    expect(await runCli(['analyze', join(dir, 'in.json'), '--text', '-o', join(dir, 'out.txt')], t.io)).toBe(0);
    const text = await readFile(join(dir, 'out.txt'), 'utf8');
    expect(text).toContain('1 records, 2 columns, depth 3, moderate');
    expect(text).toContain('user.addr.zip "User Address ZIP": string 1');
    expect(text).toContain("info numbers_as_strings: 'n' holds 1 number written as strings.");
  });

  it('fails with the position of bad input (exit 1) and on bad usage (exit 2)', async () => {
    const bad = memoryIo('[{"a":1},\n{"a":2,}]');
    expect(await runCli(['analyze'], bad.io)).toBe(1);
    expect(bad.stderr()).toMatch(/^unnest: .+\(line 2, column \d+, record 2\)\n$/);
    const usage = memoryIo();
    expect(await runCli(['analyze', 'a.json', 'b.json'], usage.io)).toBe(2);
    expect(usage.stderr()).toContain('expected one INPUT, got 2');
    const option = memoryIo('[]');
    expect(await runCli(['analyze', '--separator', ''], option.io)).toBe(2);
  });

  it('exits 3 when the file cannot be read', async () => {
    const t = memoryIo();
    expect(await runCli(['analyze', '/nonexistent/x.json'], t.io)).toBe(3);
    expect(t.stderr()).toBe("unnest: cannot read '/nonexistent/x.json': no such file\n");
  });
});

describe('unnest compare', () => {
  it('prints the comparison of a file and its CSV as JSON', async () => {
    const json = '[{"id":1,"tags":["a","b"]},{"id":2,"tags":["c"]}]';
    const dir = await files({ 'a.json': json, 'a.csv': 'id,tags.0,tags.1\n1,a,b\n2,c,\n' });
    const t = memoryIo();
    expect(await runCli(['compare', join(dir, 'a.json'), join(dir, 'a.csv')], t.io)).toBe(0);
    const report = JSON.parse(t.stdout()) as ComparisonReport;
    expect(report.scores.quality_score).toBe(100);
    expect(report.counts).toMatchObject({ originalValues: 5, equal: 5 });
  });

  it('summarises the differences with --text, reading the CSV from standard input', async () => {
    const dir = await files({ 'a.json': '[{"id":1,"name":"Ada"}]' });
    const t = memoryIo('id,name\n1,Eve\n');
    expect(await runCli(['compare', join(dir, 'a.json'), '-', '--text'], t.io)).toBe(0);
    expect(t.stdout()).toContain(
      'Scores: quality 50, trust 0, integrity 100, accuracy 50, structure 100, field mapping 100',
    );
    expect(t.stdout()).toContain('record 1 name: value, "Ada" -> "Eve"');
    expect(t.stdout()).toContain('Recommendations:');
  });

  it('needs exactly two inputs', async () => {
    const t = memoryIo();
    expect(await runCli(['compare', 'only.json'], t.io)).toBe(2);
    expect(t.stderr()).toContain('expected ORIGINAL.json and CONVERTED.csv, got 1 inputs');
  });
});
