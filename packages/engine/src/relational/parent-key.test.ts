import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import type { FlattenPlan } from '../flatten/flatten-plan.js';
import { parseJsonValue, writeJsonValue } from '../plan/json-value.js';
import { jsonToRelational } from './json-to-relational.js';
import { relationalToJson } from './relational-to-json.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return concatBytes(all);
}

const exact = (json: Uint8Array | string) =>
  writeJsonValue(parseJsonValue(typeof json === 'string' ? json : decoder.decode(json)));

/** The ZIP's files as text, after checking that it reads back into `input` exactly. */
async function convert(input: string, plan: FlattenPlan): Promise<Record<string, string>> {
  const bytes = encoder.encode(input);
  const zip = await bytesOf(jsonToRelational([bytes], { plan }));
  expect(exact(await bytesOf(relationalToJson([zip])))).toBe(exact(bytes));
  return Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, data]) => [name, decoder.decode(data)]));
}

const plan = (...paths: string[]): FlattenPlan => ({
  version: 1,
  paths: paths.map((path) => ({ path, strategy: 'table' })),
});

interface Field {
  name: string;
  type: string;
  description?: string;
}
interface Resource {
  path: string;
  schema: { fields: Field[] };
}

function fieldsOf(files: Record<string, string>, path: string): Field[] {
  const pkg = JSON.parse(files['datapackage.json'] as string) as { resources: Resource[] };
  return pkg.resources.find((resource) => resource.path === path)?.schema.fields ?? [];
}

describe("a child table's parent key", () => {
  it("copies the parent's id beside _parent_id, empty where a parent has none", async () => {
    const files = await convert(
      JSON.stringify([
        { id: 'A-1', items: [{ sku: 'x' }, { sku: 'y' }] },
        { items: [{ sku: 'z' }], id: null },
        { id: 7, items: [{ sku: 'w' }] },
      ]),
      plan('items'),
    );
    expect(files['tables/items.csv']).toBe(
      '_id,_parent_id,_index,_parent_key,sku\n1,1,0,A-1,x\n2,1,1,A-1,y\n3,2,0,,z\n4,3,0,7,w\n',
    );
    const field = fieldsOf(files, 'tables/items.csv')[3];
    expect(field).toMatchObject({ name: '_parent_key', type: 'any' });
    expect(field?.description).toContain("parent row's id in main");
    expect(files['schema.sql']).toContain('"_parent_key" TEXT,');
  });

  it('takes key, code or uuid when the parent has no id, the same field for the whole table', async () => {
    const files = await convert(
      JSON.stringify([
        { items: [1], uuid: 'u1', code: 'c1', key: null },
        { items: [2], uuid: 'u2', code: null, key: null },
        { items: [3], uuid: 'u3', code: 'c3', key: true },
      ]),
      plan('items'),
    );
    expect(files['tables/items.csv']).toBe(
      '_id,_parent_id,_index,_parent_key,items\n1,1,0,c1,1\n2,2,0,,2\n3,3,0,c3,3\n',
    );
  });

  it('comes where the first key appears when the first parents with child rows have none', async () => {
    const files = await convert(
      JSON.stringify([
        { items: [1], id: null },
        { items: [2], id: 'b' },
      ]),
      plan('items'),
    );
    expect(files['tables/items.csv']).toBe('_id,_parent_id,_index,items,_parent_key\n1,1,0,1,\n2,2,0,2,b\n');
  });

  it('has no such column where no parent has a natural key', async () => {
    const files = await convert(
      JSON.stringify([
        { name: 'a', items: [{ sku: 'x' }], id: null },
        { name: 'b', items: [{ sku: 'y' }], id: null },
      ]),
      plan('items'),
    );
    expect(files['tables/items.csv']).toBe('_id,_parent_id,_index,sku\n1,1,0,x\n2,2,0,y\n');
    expect(fieldsOf(files, 'tables/items.csv').map((field) => field.name)).toEqual([
      '_id',
      '_parent_id',
      '_index',
      'sku',
    ]);
  });

  it("gives a grandchild its parent's own id, two levels down", async () => {
    const files = await convert(
      JSON.stringify([
        {
          id: 1,
          orders: [
            { id: 'o1', lines: [{ qty: 2 }, { qty: 3 }] },
            { lines: [{ qty: 4 }], id: null },
          ],
        },
        { id: 2, orders: [{ id: 'o3', lines: [{ qty: 5 }] }] },
      ]),
      plan('orders', 'orders.[].lines'),
    );
    expect(files['tables/orders.csv']).toBe(
      '_id,_parent_id,_index,_parent_key,id,lines\n1,1,0,1,o1,tables/orders.lines\n2,1,1,1,,tables/orders.lines\n3,2,0,2,o3,tables/orders.lines\n',
    );
    expect(files['tables/orders.lines.csv']).toBe(
      '_id,_parent_id,_index,_parent_key,qty\n1,1,0,o1,2\n2,1,1,o1,3\n3,2,0,,4\n4,3,0,o3,5\n',
    );
  });

  it("gives a map member's rows their member's key, which names it", async () => {
    const files = await convert(
      JSON.stringify([
        { stores: { north: { id: 'ignored', shelves: ['a', 'b'] }, south: { shelves: ['c'], id: null } } },
      ]),
      plan('stores', 'stores.[].shelves'),
    );
    expect(files['tables/stores.shelves.csv']).toBe(
      '_id,_parent_id,_index,_parent_key,shelves\n1,1,0,north,a\n2,1,1,north,b\n3,2,0,south,c\n',
    );
    expect(fieldsOf(files, 'tables/stores.shelves.csv')[3]?.description).toContain('_index (its key in its map)');
  });

  it("gives the rows of records that are a map's members their record's key, which names it", async () => {
    const users = {
      u1: { name: 'A', id: 'own field, not used', devices: [{ p: 'x' }] },
      u2: { name: 'B', id: 'another', devices: [{ p: 'y' }, { p: 'z' }] },
    };
    const files = await convert(JSON.stringify(users), {
      ...plan('devices'),
      records: { path: '', shape: 'map', keyColumn: 'key' },
    });
    expect(files['tables/devices.csv']).toBe(
      '_id,_parent_id,_index,_parent_key,p\n1,1,0,u1,x\n2,2,0,u2,y\n3,2,1,u2,z\n',
    );
    expect(fieldsOf(files, 'tables/devices.csv')[3]?.description).toContain("key in the records' map");
  });

  it('finds the key in pretty-printed records, after nested values, quoted as CSV needs', async () => {
    const records = [
      { meta: { id: 'nested, not mine', list: [{ id: 1 }] }, note: 'a "b"', id: 'x, "y"', items: [1] },
      { meta: { id: 'n2', list: [] }, note: 'c', id: 'line\nbreak', items: [2] },
    ];
    const files = await convert(JSON.stringify(records, null, 2), plan('items'));
    expect(files['tables/items.csv']).toBe(
      '_id,_parent_id,_index,_parent_key,items\n1,1,0,"x, ""y""",1\n2,2,0,"line\nbreak",2\n',
    );
  });

  it('keeps a data key named _parent_key apart from the column', async () => {
    const files = await convert(JSON.stringify([{ id: 1, items: [{ _parent_key: 'mine' }] }]), plan('items'));
    expect(files['tables/items.csv']?.split('\n')[0]).toBe('_id,_parent_id,_index,_parent_key,items._parent_key');
  });
});
