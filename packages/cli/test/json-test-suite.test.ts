import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { memoryIo } from './memory-io.js';

const suite = fileURLToPath(new URL('../../../testdata/conformance/JSONTestSuite/test_parsing/', import.meta.url));
const files = readdirSync(suite).filter((name) => name.endsWith('.json'));

async function convert(name: string) {
  const t = memoryIo();
  const code = await runCli(['json2csv', `${suite}${name}`], t.io);
  return { code, stderr: t.stderr() };
}

describe('JSONTestSuite through `unnest json2csv`', () => {
  it('finds the suite', () => {
    expect(files.filter((name) => name.startsWith('y_'))).toHaveLength(95);
    expect(files.filter((name) => name.startsWith('n_'))).toHaveLength(188);
  });

  it.each(files.filter((name) => name.startsWith('y_')))('accepts %s', async (name) => {
    const { code, stderr } = await convert(name);
    // The only things said on a success are where the records were found, what was left out around them, and
    // a key held twice (y_object_duplicated_key*: only its last value is converted).
    expect(stderr).toMatch(
      /^(unnest: records found at '[^']*'\n(unnest: left out, not converted: [^\n]*\n)?)?(unnest: Record 1 holds a key more than once [^\n]*\n)?$/,
    );
    if (name.startsWith('y_object_duplicated_key'))
      expect(stderr).toContain("Record 1 holds a key more than once in one object ('a')");
    expect(code).toBe(0);
  });

  it.each(files.filter((name) => name.startsWith('n_')))('rejects %s with one positioned line', async (name) => {
    const { code, stderr } = await convert(name);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^unnest: [^\n]+\((line|byte) [^\n]+\)\n$/);
  });

  it.each(files.filter((name) => name.startsWith('i_')))('handles %s without crashing', async (name) => {
    const { code, stderr } = await convert(name);
    expect([0, 1]).toContain(code);
    if (code === 1) expect(stderr).toMatch(/^unnest: [^\n]+\n$/);
  });
});
