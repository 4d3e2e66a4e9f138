import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import type { FlattenPlan } from '../flatten/flatten-plan.js';
import { parseJsonValue, writeJsonValue } from '../plan/json-value.js';
import { proposePlan } from '../plan/planner.js';
import { profileJson } from '../plan/profile-json.js';
import { jsonToRelational } from './json-to-relational.js';
import { relationalToJson } from './relational-to-json.js';

const fixtures = new URL('../../../../testdata/flattening/', import.meta.url);
const countries = readFileSync(new URL('world-countries/countries.json', fixtures));
const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return concatBytes(all);
}

const exact = (json: Uint8Array | string) =>
  writeJsonValue(parseJsonValue(typeof json === 'string' ? json : decoder.decode(json)));

function filesOf(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, decoder.decode(bytes)]));
}

const ITEMS: FlattenPlan = { version: 1, paths: [{ path: 'items', strategy: 'table' }] };

describe('the relational layout', () => {
  it('gives the same bytes for the same input, ZIP times included', async () => {
    const plan = proposePlan(await profileJson([countries]), { relational: true }).plan;
    const first = await bytesOf(jsonToRelational([countries], { plan }));
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const second = await bytesOf(jsonToRelational([countries], { plan }));
    expect(Buffer.compare(first, second)).toBe(0);
    // Local headers: modification time and date (DOS) of the first entry are 1980-01-01 00:00.
    const view = new DataView(first.buffer, first.byteOffset);
    expect([view.getUint16(10, true), view.getUint16(12, true)]).toEqual([0, (0 << 9) | (1 << 5) | 1]);
  });

  it('names link columns readably and escapes a data column only where its name is taken', async () => {
    const input = encoder.encode(
      JSON.stringify([{ _id: 'own', 'a.b': 1, a: { b: 2 }, items: [{ _index: 'x', _parent_id: 3, '9.5': true }] }]),
    );
    const zip = await bytesOf(jsonToRelational([input], { plan: ITEMS }));
    const files = filesOf(zip);
    expect(files['main.csv']?.split('\n')[0]).toBe('_id,\\_id,a\\.b,a.b,items');
    expect(files['tables/items.csv']?.split('\n')[0]).toBe('_id,_parent_id,_index,items._index,items._parent_id,9.5');
    expect(exact(await bytesOf(relationalToJson([zip])))).toBe(exact(input));
  });

  it('writes the header of a table without rows', async () => {
    const input = encoder.encode('[{"id":1,"items":[]},{"id":2}]');
    const files = filesOf(await bytesOf(jsonToRelational([input], { plan: ITEMS })));
    expect(files['tables/items.csv']).toBe('_id,_parent_id,_index\n');
  });

  it('describes the tables in datapackage.json and schema.sql', async () => {
    const input = encoder.encode('[{"id":1,"items":[{"sku":"a"}],"tags":{"x":{"n":1}}}]');
    const plan: FlattenPlan = {
      version: 1,
      paths: [
        { path: 'items', strategy: 'table' },
        { path: 'tags', strategy: 'table' },
      ],
    };
    const files = filesOf(await bytesOf(jsonToRelational([input], { plan })));
    const pkg = JSON.parse(files['datapackage.json'] as string);
    expect(pkg.resources.map((resource: { name: string; path: string }) => [resource.name, resource.path])).toEqual([
      ['main', 'main.csv'],
      ['items', 'tables/items.csv'],
      ['tags', 'tables/tags.csv'],
    ]);
    expect(pkg.resources[1].schema).toEqual({
      fields: [
        { name: '_id', type: 'integer' },
        { name: '_parent_id', type: 'integer' },
        { name: '_index', type: 'integer' },
        {
          name: '_parent_key',
          type: 'any',
          description: "The parent row's id in main, where it has one: its natural key beside _parent_id",
        },
        { name: 'sku', type: 'any' },
      ],
      primaryKey: ['_id'],
      foreignKeys: [{ fields: ['_parent_id'], reference: { resource: 'main', fields: ['_id'] } }],
    });
    // A map's members are keyed by text.
    expect(pkg.resources[2].schema.fields[2]).toEqual({ name: '_index', type: 'string' });
    expect(files['schema.sql']).toContain(
      'CREATE TABLE "tags" (\n  "_id" BIGINT NOT NULL PRIMARY KEY,\n  "_parent_id" BIGINT NOT NULL REFERENCES "main" ("_id"),\n  "_index" TEXT NOT NULL,\n  "_parent_key" TEXT,\n  "n" TEXT\n);',
    );
  });

  it("proposes what lies below a map table's members for every member, never a table in one member", async () => {
    const wide = (n: number) => Object.fromEntries(Array.from({ length: 150 }, (_, k) => [`field${k}`, n + k]));
    const records = Array.from({ length: 12 }, (_, n) => ({
      id: n,
      stats: Object.fromEntries(
        ['2020', '2021', '2022'].map((year) => [year, { tags: ['a', 'b'], items: [{ a: n, b: year }], wide: wide(n) }]),
      ),
      byYear: { '2020': wide(n), '2021': wide(n + 1) },
    }));
    const input = encoder.encode(JSON.stringify(records));
    const plan = proposePlan(await profileJson([input]), { relational: true }).plan;
    expect(plan.paths.map((entry) => `${entry.path}:${entry.strategy}`)).toEqual([
      'stats:table',
      'stats.*.tags:join',
      'stats.*.items:table',
      'stats.*.wide:json',
      'byYear:table',
      'byYear.*:json',
    ]);
    const zip = await bytesOf(jsonToRelational([input], { plan }));
    const files = filesOf(zip);
    expect(Object.keys(files).filter((name) => name.endsWith('.csv'))).toEqual([
      'main.csv',
      'tables/stats.csv',
      'tables/stats.items.csv',
      'tables/byYear.csv',
    ]);
    expect(files['tables/stats.csv']?.split('\n')[0]).toBe('_id,_parent_id,_index,_parent_key,tags,items,wide');
    expect(files['tables/stats.items.csv']?.split('\n').length).toBe(12 * 3 + 2);
    expect(JSON.parse(decoder.decode(await bytesOf(relationalToJson([zip]))))).toEqual(records);
  });

  it('reads back a ZIP written before the readable headers (\\#id, \\#parent, items.\\#)', async () => {
    const input = '[{"id":1,"items":[{"sku":"a"},{"sku":"b"}]},{"id":2,"items":[]}]';
    const zip = zipSync({
      'plan.json': strToU8(JSON.stringify(ITEMS)),
      'written.json': strToU8('{"excelSafe":false}'),
      'main.csv': strToU8('\\#id,id,items\n1,1,tables/items\n2,2,[]\n'),
      'tables/items.csv': strToU8('\\#id,\\#parent,items.\\#,items.sku\n1,1,0,a\n2,1,1,b\n'),
    });
    expect(exact(await bytesOf(relationalToJson([zip])))).toBe(exact(input));
  });
});
