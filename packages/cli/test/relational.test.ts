import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ComparisonReport } from '@unnest/engine';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { memoryIo } from './memory-io.js';

// Written as text: 1.10 and a 20-digit integer must come back as written.
const orders =
  '[{"id":1,"items":[{"sku":"a","qty":1.10,"parts":[{"n":20000000000000000001}]},{"sku":"b","qty":2}],"tags":["x"]},' +
  '{"id":2,"items":[{"sku":"c","qty":3,"parts":[]}],"tags":["y","z"]}]';

async function workspace() {
  const dir = await mkdtemp(join(tmpdir(), 'unnest-cli-relational-'));
  const input = join(dir, 'orders.json');
  await writeFile(input, orders);
  return { dir, input, plan: join(dir, 'plan.json'), zip: join(dir, 'orders.zip') };
}

describe('relational output', () => {
  it('proposes tables, writes the ZIP, reads it back to the same JSON and compares as lossless', async () => {
    const w = await workspace();
    const planned = memoryIo();
    expect(await runCli(['plan', w.input, '--relational', '-o', w.plan], planned.io)).toBe(0);
    expect(planned.stderr()).toContain(
      'unnest: `items` is a list of objects (up to 2): a table of its own (about 3 rows × ',
    );
    const plan = JSON.parse(await readFile(w.plan, 'utf8'));
    expect(plan.paths.map((entry: { path: string; strategy: string }) => `${entry.path}:${entry.strategy}`)).toEqual([
      'items:table',
      'items.[].parts:table',
      'tags:join',
    ]);
    expect(await runCli(['json2csv', w.input, '--plan', w.plan, '--relational', '-o', w.zip], memoryIo().io)).toBe(0);
    const files = unzipSync(new Uint8Array(await readFile(w.zip)));
    expect(Object.keys(files)).toEqual([
      'plan.json',
      'written.json',
      'datapackage.json',
      'schema.sql',
      'main.csv',
      'tables/items.csv',
      'tables/items.parts.csv',
    ]);
    expect(new TextDecoder().decode(files['main.csv'])).toBe(
      '_id,id,items,tags\n1,1,tables/items,x\n2,2,tables/items,"y; z"\n',
    );
    // Each item names its order by the order's id beside the order's row id; the parts' items have no id.
    expect(new TextDecoder().decode(files['tables/items.csv']).split('\n').slice(0, 3)).toEqual([
      '_id,_parent_id,_index,_parent_key,sku,qty,parts',
      '1,1,0,1,a,1.10,tables/items.parts',
      '2,1,1,1,b,2,',
    ]);
    expect(new TextDecoder().decode(files['tables/items.parts.csv']).split('\n')[0]).toBe('_id,_parent_id,_index,n');
    const back = memoryIo();
    expect(await runCli(['csv2json', w.zip], back.io)).toBe(0);
    // Numbers come back as written (1.10, a 20-digit integer); a key missing from an element comes back null.
    expect(back.stdout().replaceAll('\n', '')).toBe(orders.replace('"qty":2}', '"qty":2,"parts":null}'));
    const compared = memoryIo();
    expect(await runCli(['compare', w.input, w.zip], compared.io)).toBe(0);
    const report = JSON.parse(compared.stdout()) as ComparisonReport;
    expect(report.differences).toEqual([]);
    expect(report.scores.accuracy_score).toBe(100);
  });

  it('--format zip is --relational; TSV tables with --format tsv --relational', async () => {
    const w = await workspace();
    await writeFile(w.plan, JSON.stringify({ version: 1, paths: [{ path: 'items', strategy: 'table' }] }));
    expect(await runCli(['json2csv', w.input, '--plan', w.plan, '--format', 'zip', '-o', w.zip], memoryIo().io)).toBe(
      0,
    );
    expect(Object.keys(unzipSync(new Uint8Array(await readFile(w.zip))))).toContain('tables/items.csv');
    const tsv = join(w.dir, 'tsv.zip');
    expect(
      await runCli(
        ['json2csv', w.input, '--plan', w.plan, '--relational', '--format', 'tsv', '-o', tsv],
        memoryIo().io,
      ),
    ).toBe(0);
    const files = unzipSync(new Uint8Array(await readFile(tsv)));
    expect(new TextDecoder().decode(files['tables/items.tsv'])).toMatch(/^_id\t_parent_id\t_index\t_parent_key\tsku/);
    const back = memoryIo();
    expect(await runCli(['csv2json', tsv], back.io)).toBe(0);
    expect(JSON.parse(back.stdout())[1].items).toEqual([{ sku: 'c', qty: 3, parts: [] }]);
    // JSON Lines: the same records, one per line.
    const lines = memoryIo();
    expect(await runCli(['csv2json', tsv, '--ndjson'], lines.io)).toBe(0);
    const records = lines.stdout().trimEnd().split('\n');
    expect(records.map((line) => JSON.parse(line))).toEqual(JSON.parse(back.stdout()));
  });

  it('fails with the usual exit codes: usage 2, bad input 1', async () => {
    const w = await workspace();
    await writeFile(w.plan, JSON.stringify({ version: 1, paths: [{ path: 'items', strategy: 'table' }] }));
    const single = memoryIo();
    expect(await runCli(['json2csv', w.input, '--plan', w.plan], single.io)).toBe(2);
    expect(single.stderr()).toContain('strategy "table" needs relational output');
    const noPlan = memoryIo();
    expect(await runCli(['json2csv', w.input, '--relational'], noPlan.io)).toBe(2);
    expect(noPlan.stderr()).toContain('--relational needs --plan FILE');
    expect(await runCli(['json2csv', w.input, '--plan', w.plan, '--relational', '-o', w.zip], memoryIo().io)).toBe(0);
    const noTypes = memoryIo();
    expect(await runCli(['csv2json', w.zip, '--no-types'], noTypes.io)).toBe(2);
    expect(noTypes.stderr()).toContain('--no-types does not apply to a relational ZIP');
    const broken = join(w.dir, 'broken.zip');
    const zip = new Uint8Array(await readFile(w.zip));
    await writeFile(broken, zip.subarray(0, 40));
    const bad = memoryIo();
    expect(await runCli(['csv2json', broken], bad.io)).toBe(1);
    expect(bad.stderr()).toMatch(/^unnest: The ZIP/);
  });

  it('--relational --format xlsx writes one workbook with a sheet per table, which csv2json does not read', async () => {
    const w = await workspace();
    await writeFile(w.plan, JSON.stringify({ version: 1, paths: [{ path: 'items', strategy: 'table' }] }));
    const xlsx = join(w.dir, 'orders.xlsx');
    const run = ['json2csv', w.input, '--plan', w.plan, '--relational', '--format', 'xlsx', '-o', xlsx];
    expect(await runCli(run, memoryIo().io)).toBe(0);
    const workbook = new TextDecoder().decode(unzipSync(new Uint8Array(await readFile(xlsx)))['xl/workbook.xml']);
    expect(workbook).toContain(
      '<sheet name="main" sheetId="1" r:id="rId1"/><sheet name="items" sheetId="2" r:id="rId2"/>',
    );
    const back = memoryIo();
    expect(await runCli(['csv2json', xlsx], back.io)).toBe(1);
    expect(back.stderr()).toBe('unnest: The ZIP holds no plan.json: it is not a relational conversion\n');
  });
});
