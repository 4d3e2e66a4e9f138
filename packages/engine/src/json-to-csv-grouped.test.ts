/** json2csv's `groupArrayColumns`: each array's columns together, and the CSV still reads back exactly. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvToJsonText } from './csv-to-json.js';
import { jsonToCsvText } from './json-to-csv.js';
import { byteSpool, collect, csv, encoder } from './json-to-csv.test-support.js';
import { type Json, key, looksLikeJsonContainer, writesOnlyNulls } from './plan/plan-arbitraries.test-support.js';

const orders = JSON.stringify([
  { id: 1, items: [{ sku: 'a', qty: 1 }], note: 'first' },
  { id: 2, items: [{ sku: 'b' }, { sku: 'c', qty: 2, gift: true }], note: 'say "hi", then\nleave' },
]);

describe('json2csv with groupArrayColumns', () => {
  it('is off by default: the header stays in first-seen order', async () => {
    expect(await csv(orders)).toBe(
      'id,items.0.sku,items.0.qty,note,items.1.sku,items.1.qty,items.1.gift\n' +
        '1,a,1,first,,,\n' +
        '2,b,,"say ""hi"", then\nleave",c,2,true\n',
    );
  });

  it("writes an array's columns together, by element, rows spooled narrower included", async () => {
    expect(await csv(orders, { groupArrayColumns: true })).toBe(
      'id,items.0.sku,items.0.qty,items.1.sku,items.1.qty,items.1.gift,note\n' +
        '1,a,1,,,,first\n' +
        '2,b,,c,2,true,"say ""hi"", then\nleave"\n',
    );
  });

  it('groups arrays of scalars, sparse positions and arrays of arrays, with the TSV, BOM and CRLF options', async () => {
    const input = '{"tags":["x"],"n":1}\n{"m":[[1],[2,3]],"tags":["y",null,"z"],"n":2}\n{"m":[[4,5,6]]}';
    expect(await csv(input, { groupArrayColumns: true, format: 'tsv', bom: true, eol: 'crlf' })).toBe(
      '\ufefftags.0\ttags.1\ttags.2\tn\tm.0.0\tm.0.1\tm.0.2\tm.1.0\tm.1.1\r\n' +
        'x\t\t\t1\t\t\t\t\t\r\n' +
        'y\t\tz\t2\t1\t\t\t2\t3\r\n' +
        '\t\t\t\t4\t5\t6\t\t\r\n',
    );
  });

  it("keeps a map's key column first and guards formula-like headers of grouped columns", async () => {
    const map = '{"u1":{"roles":["=a"],"name":"Ann"},"u2":{"roles":["b","c"],"name":"Bo"}}';
    expect(await csv(map, { groupArrayColumns: true, recordsPath: '.', excelSafe: true })).toBe(
      "key,roles.0,roles.1,name\nu1,'=a,,Ann\nu2,b,c,Bo\n",
    );
  });

  it("leaves the columns of an array of arrays in its header row's order", async () => {
    expect(await csv('[["a.0","b","a.1"],[1,2,3]]', { groupArrayColumns: true })).toBe('a.0,b,a.1\n1,2,3\n');
  });

  it('rewrites the rows however the spool cuts them', async () => {
    const bytes = await collect([encoder.encode(orders)], { groupArrayColumns: true, eol: 'crlf', spool: byteSpool });
    expect(new TextDecoder().decode(bytes)).toBe(
      'id,items.0.sku,items.0.qty,items.1.sku,items.1.qty,items.1.gift,note\r\n' +
        '1,a,1,,,,first\r\n' +
        '2,b,,c,2,true,"say ""hi"", then\nleave"\r\n',
    );
  });
});

/** A record's shape: every element of an array has one shape, arrays differ only in length. */
type Shape = { leaf: true } | { list: Shape } | { object: [string, Shape][] };

const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape; object: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant<Shape>({ leaf: true }),
    tie('shape').map((element): Shape => ({ list: element })),
    tie('object'),
  ),
  object: fc
    .uniqueArray(fc.tuple(key, tie('shape')), { selector: ([name]) => name, minLength: 1, maxLength: 3 })
    .map((object): Shape => ({ object })),
})).shape;

const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('', '007', 'true', 'a,"b"', 'x\ny')),
);

function fill(s: Shape): fc.Arbitrary<Json> {
  if ('leaf' in s) return leaf.filter((value) => typeof value !== 'string' || !looksLikeJsonContainer(value));
  if ('list' in s) {
    // A trailing element that writes only empty cells cannot be told from none (as in the plain round trip).
    return fc
      .array(fill(s.list), { minLength: 1, maxLength: 3 })
      .filter((items) => !writesOnlyNulls(items[items.length - 1] as Json));
  }
  return fc
    .tuple(...s.object.map(([, child]) => fill(child)))
    .map((values): Json => Object.fromEntries(s.object.map(([name], i) => [name, values[i] ?? null])));
}

const records = shape
  .filter((s) => 'object' in s)
  .chain((s) =>
    fc.array(
      fill(s).filter((record) => !writesOnlyNulls(record)),
      { minLength: 1, maxLength: 5 },
    ),
  );

describe('json2csv with groupArrayColumns | csv2json', () => {
  it('gives back the records exactly, arrays of every length at every depth', async () => {
    await fc.assert(
      fc.asyncProperty(records, async (input) => {
        const grouped = await jsonToCsvText(JSON.stringify(input), { groupArrayColumns: true });
        expect(JSON.parse(await csvToJsonText(grouped))).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });
});
