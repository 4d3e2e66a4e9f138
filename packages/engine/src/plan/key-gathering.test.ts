import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import { csvToJson } from '../csv-to-json.js';
import { checkFlattenPlan, type FlattenPlan } from '../flatten/flatten-plan.js';
import { jsonToCsvText } from '../json-to-csv.js';
import { jsonToRelational } from '../relational/json-to-relational.js';
import { relationalToJson } from '../relational/relational-to-json.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function textOf(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return decoder.decode(concatBytes(all));
}

async function backFrom(csv: string, plan: FlattenPlan): Promise<unknown> {
  return JSON.parse(await textOf(csvToJson([encoder.encode(csv)], { plan })));
}

describe('json on a * path', () => {
  it("gathers the record's unnamed keys into one JSON cell, the column *, and reads them back beside the named ones", async () => {
    const records = [{ id: 1, flex: { v: 1 }, grid: [1, 2] }, { id: 2 }, { grid: 'x', id: 3, 'a.b': null, '*': true }];
    const plan: FlattenPlan = {
      version: 1,
      paths: [
        { path: 'id', strategy: 'columns' },
        { path: '*', strategy: 'json' },
      ],
    };
    const csv = await jsonToCsvText(`[\n  ${records.map((r) => JSON.stringify(r, null, 1)).join(',\n  ')}\n]`, {
      plan,
    });
    expect(csv).toBe(
      'id,*\n1,"{""flex"":{""v"":1},""grid"":[1,2]}"\n2,\n3,"{""grid"":""x"",""a.b"":null,""*"":true}"\n',
    );
    expect(await backFrom(csv, plan)).toEqual(records);
  });

  it('gathers below a path, inside array elements and inside exploded elements', async () => {
    const records = [
      { name: 'a', stats: { count: 2, '2024-01': 5, '2024-02': 7 }, items: [{ sku: 'x', q1: 1 }, { sku: 'y' }] },
      { name: 'b', stats: { count: 0 }, items: [] },
    ];
    const nested: FlattenPlan = {
      version: 1,
      paths: [
        { path: 'stats.count', strategy: 'columns' },
        { path: 'stats.*', strategy: 'json' },
        { path: 'items.[].sku', strategy: 'columns' },
        { path: 'items.[].*', strategy: 'json' },
      ],
    };
    const csv = await jsonToCsvText(JSON.stringify(records), { plan: nested });
    expect(csv.split('\n')[0]).toBe('name,stats.count,stats.*,items.0.sku,items.0.*,items.1.sku,items');
    expect(csv.split('\n')[1]).toBe('a,2,"{""2024-01"":5,""2024-02"":7}",x,"{""q1"":1}",y,');
    expect(await backFrom(csv, nested)).toEqual(records);
    const exploded: FlattenPlan = { ...nested, paths: [{ path: 'items', strategy: 'rows' }, ...nested.paths] };
    const rows = await jsonToCsvText(JSON.stringify(records), { plan: exploded });
    expect(rows.split('\n').slice(0, 3)).toEqual([
      // `items` holds the empty list of the second record.
      'name,stats.count,stats.*,items.\\#,items.sku,items.*,items',
      'a,2,"{""2024-01"":5,""2024-02"":7}","0",x,"{""q1"":1}",',
      'a,2,"{""2024-01"":5,""2024-02"":7}","1",y,,',
    ]);
    expect(await backFrom(rows, exploded)).toEqual(records);
  });

  it('gathers inside the rows of a relational table, and the ZIP reads back to the same JSON', async () => {
    const input = [{ id: 1, parts: { a: { n: 1, x: 1 }, b: { n: 2, y: [true] } } }];
    const plan: FlattenPlan = {
      version: 1,
      paths: [
        { path: 'parts', strategy: 'table' },
        { path: 'parts.*.n', strategy: 'columns' },
        { path: 'parts.*.*', strategy: 'json' },
      ],
    };
    const zip = await (async () => {
      const all: Uint8Array[] = [];
      for await (const chunk of jsonToRelational([encoder.encode(JSON.stringify(input))], { plan })) all.push(chunk);
      return concatBytes(all);
    })();
    expect(JSON.parse(await textOf(relationalToJson([zip])))).toEqual(input);
  });

  it('refuses a path of its own for a key literally named * where the other keys are gathered', () => {
    expect(() =>
      checkFlattenPlan({
        version: 1,
        paths: [
          { path: 'a.*', strategy: 'json' },
          { path: 'a.\\*.b', strategy: 'columns' },
        ],
      }),
    ).toThrow('"a.\\*.b": the key "*" cannot have a path of its own where "a.*" gathers the other keys');
  });
});
