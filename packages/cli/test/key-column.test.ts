import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ComparisonReport } from '@unnest/engine';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { memoryIo } from './memory-io.js';

// An AWS API description's shapes: the map's record B has its own field `key`.
const SHAPES =
  '{"shapes":{"A":{"type":"string"},"B":{"type":"map","key":{"shape":"A"},"value":{"shape":"A"}},"C":{"type":"integer"}}}';

describe('the map-key column when a record has a field key', () => {
  it('json2csv names it key_2 and says so; compare finds the round trip lossless', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'unnest-cli-key-column-'));
    const input = join(dir, 'shapes.json');
    const output = join(dir, 'shapes.csv');
    await writeFile(input, SHAPES);
    const convert = memoryIo();
    expect(await runCli(['json2csv', input, '--records', 'shapes', '-o', output], convert.io)).toBe(0);
    expect(await readFile(output, 'utf8')).toBe(
      'key_2,type,key.shape,value.shape\nA,string,,\nB,map,A,A\nC,integer,,\n',
    );
    expect(convert.stderr()).toBe("unnest: map keys in the column 'key_2', as the records have a field named 'key'\n");
    const compare = memoryIo();
    expect(await runCli(['compare', input, output, '--records', 'shapes'], compare.io)).toBe(0);
    const report = JSON.parse(compare.stdout()) as ComparisonReport;
    expect(report.paths).toMatchObject({ lost: 0, gained: 0 });
    expect(report.differencesTotal).toBe(0);
  });
});
