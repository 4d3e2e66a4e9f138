import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FlatRecord, flatRecords } from '../analysis/flat-records.js';
import { csvToJson, csvToSparseJson } from '../csv-to-json.js';
import { decodeHeaderPath } from '../header-path.js';
import type { OmittedNulls } from './omitted-nulls.js';

const encode = (text: string) => [new TextEncoder().encode(text)];

async function records(json: AsyncIterable<Uint8Array>): Promise<FlatRecord[]> {
  const all: FlatRecord[] = [];
  for await (const record of flatRecords(json, { separator: '.' })) all.push(record);
  return all;
}

/** The full read-back, and the sparse one with what it left out of each record. */
async function bothWays(csv: string) {
  const full = await records(csvToJson(encode(csv)));
  const omitted: OmittedNulls[] = [];
  const sparse = await records(csvToSparseJson(encode(csv), {}, (record) => omitted.push(record)));
  return { full, sparse, omitted };
}

/** Every path of `record` and each of its prefixes, and a path below each: the paths `has` is asked about. */
function probes(paths: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    const parts = path.split('.');
    for (let n = 1; n <= parts.length; n++) all.add(parts.slice(0, n).join('.'));
    all.add(`${path}.x`);
    all.add(`${path}.0`);
  }
  return [...all];
}

function expectSameRecords(full: FlatRecord[], sparse: FlatRecord[], omitted: OmittedNulls[], headers: string[]) {
  expect(sparse.length).toBe(full.length);
  full.forEach((whole, n) => {
    const part = sparse[n] as FlatRecord;
    const left = omitted[n];
    // What was written is the full record's, cell for cell.
    for (const [path, value] of part.cells) expect(whole.cells.get(path)).toEqual(value);
    // What was not written are nulls, each found by `has`, counted by `count`.
    let missing = 0;
    for (const [path, value] of whole.cells) {
      if (part.cells.has(path)) continue;
      missing++;
      expect(value.type).toBe('null');
      expect(left?.has(decodeHeaderPath(path, '.'))).toBe(true);
    }
    expect(left?.count ?? 0).toBe(missing);
    // And `has` says no to every other path.
    for (const path of probes([...whole.cells.keys(), ...headers])) {
      if (whole.cells.has(path) && !part.cells.has(path)) continue;
      expect(left?.has(decodeHeaderPath(path, '.')) ?? false).toBe(false);
    }
  });
}

const segment = fc.constantFrom('a', 'b', 'c', '0', '1', '2', 'd e', 'a\\.b');
const header = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
const cell = fc.constantFrom('', '', '', '', '1', 'x', '"y"', '[]', '{}', '[1,null]', '{"k":null}', 'null', 'true');

describe('csvToSparseJson', () => {
  it('leaves out only nulls, and says exactly which and how many, for any nested header', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(header, { minLength: 1, maxLength: 8 }),
        fc.array(fc.array(cell, { minLength: 8, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        async (headers, rows) => {
          const csv = [headers.join(','), ...rows.map((row) => row.slice(0, headers.length).join(','))].join('\n');
          const { full, sparse, omitted } = await bothWays(csv);
          expectSameRecords(full, sparse, omitted, headers);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('writes a record holding no value whole, and leaves the empty cells out of a flat header too', async () => {
    const nested = await bothWays('a.b,a.c,d\n,,\n1,,\n');
    expectSameRecords(nested.full, nested.sparse, nested.omitted, ['a.b', 'a.c', 'd']);
    expect(nested.omitted.map((record) => record.count)).toEqual([0, 2]);
    expect(nested.sparse[0]?.cells.size).toBe(3);
    const flat = await bothWays('a,b,c\n1,,"x"\n,,\n2,3,4,5\n6\n');
    expectSameRecords(flat.full, flat.sparse, flat.omitted, ['a', 'b', 'c']);
    expect(flat.omitted.map((record) => record.count)).toEqual([1, 0, 0, 2]);
  });

  it('finds a left-out null inside an array element', async () => {
    const { full, sparse, omitted } = await bothWays('a.0.b,a.0.c,a.1.b\ntrue,,\n');
    expectSameRecords(full, sparse, omitted, ['a.0.b', 'a.0.c', 'a.1.b']);
    expect(omitted[0]?.has(['a', 0, 'c'])).toBe(true);
    expect(omitted[0]?.has(['a', 1, 'b'])).toBe(false);
  });
});
