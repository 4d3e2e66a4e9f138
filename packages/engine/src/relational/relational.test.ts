import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../byte-source.js';
import { concatBytes } from '../byte-source.js';
import { csvToJson } from '../csv-to-json.js';
import { ConversionError } from '../errors.js';
import { checkFlattenPlan, type FlattenPlan } from '../flatten/flatten-plan.js';
import { jsonToCsv } from '../json-to-csv.js';
import { parseJsonValue, writeJsonValue } from '../plan/json-value.js';
import { proposePlan } from '../plan/planner.js';
import { profileJson } from '../plan/profile-json.js';
import { jsonToRelational } from './json-to-relational.js';
import { relationalToJson } from './relational-to-json.js';

const fixtures = new URL('../../../../testdata/flattening/', import.meta.url);
const countries = readFileSync(new URL('world-countries/countries.json', fixtures));
const geo = readFileSync(new URL('world-countries/can.geo.json', fixtures));
const firebase = readFileSync(new URL('firebase-export.json', fixtures));
const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return concatBytes(all);
}

/** JSON text minified with numbers as written and keys in order: equal texts are equal documents. */
function exact(json: Uint8Array | string): string {
  return writeJsonValue(parseJsonValue(typeof json === 'string' ? json : decoder.decode(json)));
}

/** The ZIP's files as text. */
function filesOf(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, decoder.decode(bytes)]));
}

/** Where two texts first differ, with a little context; null when equal (keeps failures readable). */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  let i = 0;
  while (actual[i] === expected[i]) i++;
  return `at ${i}: got …${actual.slice(i - 40, i + 80)}… expected …${expected.slice(i - 40, i + 80)}…`;
}

/** The single-table round trip under the same plan with its tables as JSON cells: what relational output must match. */
async function singleTableRoundTrip(input: Uint8Array, plan: FlattenPlan): Promise<string> {
  const single: FlattenPlan = {
    ...plan,
    paths: plan.paths.map((entry) => (entry.strategy === 'table' ? { path: entry.path, strategy: 'json' } : entry)),
  };
  const csv = await bytesOf(jsonToCsv([input], { plan: single }));
  return exact(await bytesOf(csvToJson([csv], { plan: single })));
}

async function roundTrip(input: Uint8Array, plan: FlattenPlan) {
  const zip = await bytesOf(jsonToRelational([input], { plan }));
  const back = await bytesOf(relationalToJson([zip]));
  return { zip, files: filesOf(zip), back };
}

/** The planner's proposal with `paths` made tables. */
async function proposalWithTables(input: Uint8Array, paths: string[], recordsPath?: string): Promise<FlattenPlan> {
  const profile = await profileJson([input], recordsPath === undefined ? {} : { recordsPath });
  const plan = proposePlan(profile).plan;
  return {
    ...plan,
    paths: [
      ...paths.map((path) => ({ path, strategy: 'table' as const })),
      ...plan.paths.filter((entry) => !paths.includes(entry.path)),
    ],
  };
}

describe('relational output', () => {
  it('records the formula guard in written.json, counts it over every table and undoes it on reading back', async () => {
    const input = encoder.encode(
      JSON.stringify([
        { id: 1, phone: '+49 30 1234567', note: '=SUM(A1)', items: [{ sku: '-abc' }, { sku: "'=x" }] },
        { id: 2, phone: '-', note: '@me', items: [] },
      ]),
    );
    const plan: FlattenPlan = { version: 1, paths: [{ path: 'items', strategy: 'table' }] };
    const notices: Notice[] = [];
    const zip = await bytesOf(jsonToRelational([input], { plan, excelSafe: true, onNotice: (n) => notices.push(n) }));
    const files = filesOf(zip);
    expect(JSON.parse(files['written.json'] as string)).toMatchObject({ excelSafe: true });
    expect(files['main.csv']).toContain("+49 30 1234567,'=SUM(A1),tables/items");
    expect(notices.find((notice) => notice.kind === 'formula-guard')).toEqual({
      kind: 'formula-guard',
      cells: 4,
      examples: [
        { column: 'note', value: '=SUM(A1)' },
        { column: 'note', value: '@me' },
      ],
    });
    // Read back as written, without being told; told otherwise, the guard stays.
    expect(exact(await bytesOf(relationalToJson([zip])))).toBe(exact(input));
    expect(exact(await bytesOf(relationalToJson([zip], { excelSafe: false })))).toContain("'=SUM(A1)");
  });

  it('says in one notice which strings of every table held a lone surrogate, keys included, a child table named with its column', async () => {
    const input = encoder.encode(
      String.raw`[{"id":1,"t":"a\ud800","items":[{"s":"x\udc00"},{"s":"\ud83d\ude00","k\ud800":1}]}]`,
    );
    const plan: FlattenPlan = { version: 1, paths: [{ path: 'items', strategy: 'table' }] };
    for (const format of ['csv', 'xlsx'] as const) {
      const notices: Notice[] = [];
      await bytesOf(jsonToRelational([input], { plan, format, onNotice: (n) => notices.push(n) }));
      expect(
        notices.filter((notice) => notice.kind === 'lone-surrogates'),
        format,
      ).toEqual([
        {
          kind: 'lone-surrogates',
          cells: 3,
          examples: [
            { column: 't', value: String.raw`a\ud800` },
            { column: 'items/k\ufffd', value: String.raw`k\ud800` },
          ],
        },
      ]);
    }
  });

  it('says which records held a key twice in any table, a child row counted for the record it came from', async () => {
    const input = encoder.encode(
      JSON.stringify([
        { id: 1, items: [{ a: 1 }, { a: 3 }] },
        { id: 2, items: [{ b: 1, parts: [{ p: 1 }] }] },
        { id: 3, items: [{ a: 1 }] },
        { id: 4, x: 1 },
      ])
        .replace('{"p":1}', '{"p":1,"p":2}')
        .replace('{"a":1}]},{"id":4', '{"a":1,"a":2}]},{"id":4')
        .replace('"x":1', '"x":1,"x":5'),
    );
    const plan: FlattenPlan = {
      version: 1,
      paths: [
        { path: 'items', strategy: 'table' },
        { path: 'items.[].parts', strategy: 'table' },
      ],
    };
    for (const cut of [1, 7, input.length]) {
      const chunks = Array.from({ length: Math.ceil(input.length / cut) }, (_, k) =>
        input.subarray(k * cut, (k + 1) * cut),
      );
      const notices: Notice[] = [];
      const zip = unzipSync(await bytesOf(jsonToRelational(chunks, { plan, onNotice: (n) => notices.push(n) })));
      expect(
        notices.filter((notice) => notice.kind === 'duplicate-keys'),
        `cut ${cut}`,
      ).toEqual([{ kind: 'duplicate-keys', repeated: { records: 3, record: 2, key: 'items.parts/p' } }]);
      expect(decoder.decode(zip['tables/items.parts.csv'])).toBe('_id,_parent_id,_index,p\n1,3,0,2\n');
    }
    // In the main table too, and the main table's key first for its record.
    const main = encoder.encode('[{"id":1,"a":1,"a":2,"items":[{"b":1,"b":2}]}]');
    const notices: Notice[] = [];
    await bytesOf(jsonToRelational([main], { plan, onNotice: (n) => notices.push(n) }));
    expect(notices.filter((notice) => notice.kind === 'duplicate-keys')).toEqual([
      { kind: 'duplicate-keys', repeated: { records: 1, record: 1, key: 'a' } },
    ]);
  });

  it('writes a small nested document as related tables and reads it back exactly', async () => {
    const input = encoder.encode(
      JSON.stringify([
        {
          id: 1,
          items: [
            { sku: 'a', qty: 2, parts: [{ n: 1.5 }] },
            { sku: 'b', qty: 1 },
          ],
          tags: { x: '1', y: 2 },
        },
        { id: 2, items: [], tags: {} },
        { id: 3, items: null },
      ]).replace('1.5', '1.50'),
    );
    const plan: FlattenPlan = {
      version: 1,
      paths: [
        { path: 'items', strategy: 'table' },
        { path: 'items.[].parts', strategy: 'table' },
        { path: 'tags', strategy: 'table' },
      ],
    };
    const { files, back } = await roundTrip(input, plan);
    expect(Object.keys(files)).toEqual([
      'plan.json',
      'written.json',
      'datapackage.json',
      'schema.sql',
      'main.csv',
      'tables/items.csv',
      'tables/items.parts.csv',
      'tables/tags.csv',
    ]);
    expect(files['main.csv']).toBe('_id,id,items,tags\n1,1,tables/items,tables/tags\n2,2,[],{}\n3,3,,\n');
    expect(files['tables/items.csv']).toBe(
      '_id,_parent_id,_index,_parent_key,sku,qty,parts\n1,1,0,1,a,2,tables/items.parts\n2,1,1,1,b,1,\n',
    );
    expect(files['tables/items.parts.csv']).toBe('_id,_parent_id,_index,n\n1,1,0,1.50\n');
    // A member's value that is not an object is named after the table.
    expect(files['tables/tags.csv']).toBe('_id,_parent_id,_index,_parent_key,tags\n1,1,x,1,"1"\n2,1,y,1,2\n');
    expect(JSON.parse(files['plan.json'] as string)).toEqual(plan);
    expect(JSON.parse(files['written.json'] as string)).toEqual({
      excelSafe: false,
      columns: {
        main: { _id: '\\#id' },
        'tables/items': {
          _id: '\\#id',
          _parent_id: 'P',
          _index: 'M',
          _parent_key: 'K',
          sku: 'V.sku',
          qty: 'V.qty',
          parts: 'V.parts',
        },
        'tables/items.parts': { _id: '\\#id', _parent_id: 'P', _index: 'M', n: 'V.n' },
        'tables/tags': { _id: '\\#id', _parent_id: 'P', _index: 'M', _parent_key: 'K', tags: 'V' },
      },
    });
    // A key missing from a row comes back null, as from any table.
    const expected = exact(input)
      .replace('"items":null}', '"items":null,"tags":null}')
      .replace('"qty":1}', '"qty":1,"parts":null}');
    expect(firstDifference(exact(back), expected)).toBeNull();
  });

  it('refuses table in a single-table conversion, and table paths that do not hang off the record or a table', async () => {
    const plan = { version: 1, paths: [{ path: 'items', strategy: 'table' }] };
    expect(() => jsonToCsv([encoder.encode('[]')], { plan: plan as FlattenPlan })).toThrow(/needs relational output/);
    expect(() =>
      checkFlattenPlan({ version: 1, paths: [{ path: 'a.[].b', strategy: 'table' }] }, { relational: true }),
    ).toThrow(/only right after another table path/);
    expect(() =>
      checkFlattenPlan(
        {
          version: 1,
          paths: [
            { path: 'a', strategy: 'table' },
            { path: 'a.b', strategy: 'rows' },
          ],
        },
        { relational: true },
      ),
    ).toThrow(/cannot lie inside the table/);
    await expect(bytesOf(relationalToJson([encoder.encode('a,b\n1,2\n')]))).rejects.toBeInstanceOf(ConversionError);
  });

  it('refuses a ZIP larger than maxZipBytes as soon as it passes the limit, and reads one within it', async () => {
    const plan: FlattenPlan = { version: 1, paths: [{ path: 'items', strategy: 'table' }] };
    const input = encoder.encode('[{"id":1,"items":[{"sku":"a"},{"sku":"b"}]}]');
    const zip = await bytesOf(jsonToRelational([input], { plan }));
    let chunksRead = 0;
    async function* slices() {
      for (let at = 0; at < zip.length; at += 16) {
        chunksRead++;
        yield zip.subarray(at, at + 16);
      }
    }
    const refusal = bytesOf(relationalToJson(slices(), { maxZipBytes: 64 }));
    await expect(refusal).rejects.toMatchObject({ code: 'RELATIONAL_ZIP_TOO_LARGE' });
    expect(chunksRead).toBe(5);
    const back = await bytesOf(relationalToJson([zip], { maxZipBytes: zip.length }));
    expect(exact(back)).toBe(exact(input));
  });

  it('countries.json with translations and currencies as tables reads back to the same JSON', async () => {
    const plan = await proposalWithTables(countries, ['translations', 'currencies']);
    const { files, back } = await roundTrip(countries, plan);
    expect(files['main.csv']?.split('\n')[0]).not.toContain('translations.');
    const translations = files['tables/translations.csv']?.split('\n') ?? [];
    expect(translations[0]).toBe('_id,_parent_id,_index,official,common');
    expect(translations[1]).toMatch(/^1,1,ara,/);
    // Exactly what the single-table round trip under the plan gives (its null rules included), numbers as written.
    expect(firstDifference(exact(back), await singleTableRoundTrip(countries, plan))).toBeNull();
    expect(exact(back)).toContain('"currencies":{"BWP":{"name":"Botswana pula","symbol":"P"},"CNY"');
    expect(exact(back)).toContain('"latlng":[12.5,-69.96666666]');
  });

  it('the GeoJSON with its features as a table reads back to the same JSON', async () => {
    const plan: FlattenPlan = {
      version: 1,
      paths: [
        { path: 'features', strategy: 'table' },
        { path: 'features.[].geometry.coordinates', strategy: 'json' },
      ],
    };
    // The collection itself is the record (alone, it would be searched for its records array).
    const input = encoder.encode(`[${decoder.decode(geo)}]`);
    const { files, back } = await roundTrip(input, plan);
    expect(files['tables/features.csv']?.split('\n')[0]).toBe(
      '_id,_parent_id,_index,type,properties.cca2,geometry.type,geometry.coordinates',
    );
    expect(firstDifference(exact(back), exact(input))).toBeNull();
  });

  it('the Firebase export (records a map) with a nested map as a table reads back to the same JSON', async () => {
    const plan = await proposalWithTables(firebase, ['devices'], 'users');
    const { files, back } = await roundTrip(firebase, plan);
    expect(files['tables/devices.csv']?.split('\n')[0]).toMatch(/^_id,_parent_id,_index,_parent_key,platform,/);
    // The export has keys some users lack and nulls: exactly what the single-table round trip gives back.
    expect(firstDifference(exact(back), await singleTableRoundTrip(firebase, plan))).toBeNull();
    expect(exact(back)).toContain(
      '"devices":{"a1b2c3d4e5f60718":{"platform":"ios","lastSeen":"2024-05-02T11:30:00Z"},"0f9e8d7c6b5a4321"',
    );
    // Records that are an object's members read back as that object: JSON Lines would lose their keys.
    const zip = await bytesOf(jsonToRelational([firebase], { plan }));
    await expect(bytesOf(relationalToJson([zip], { ndjson: true }))).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });

  it('reads a ZIP back as JSON Lines, one record per line, the same records as the array', async () => {
    const plan = await proposalWithTables(geo, ['features']);
    const zip = await bytesOf(jsonToRelational([geo], { plan }));
    const array = JSON.parse(new TextDecoder().decode(await bytesOf(relationalToJson([zip]))));
    const lines = new TextDecoder().decode(await bytesOf(relationalToJson([zip], { ndjson: true })));
    expect(lines.endsWith('\n')).toBe(true);
    expect(
      lines
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(array);
  });

  it('the planner proposes a table per list of objects when asked for relational output, and the tables read back', async () => {
    const input = encoder.encode(`[${decoder.decode(geo)}]`);
    const profile = await profileJson([input]);
    expect(proposePlan(profile).plan.paths.find((entry) => entry.path === 'features')?.strategy).not.toBe('table');
    const proposal = proposePlan(profile, { relational: true });
    const features = proposal.plan.paths.find((entry) => entry.path === 'features');
    expect(features?.strategy).toBe('table');
    expect(features?.reason).toMatch(
      /^`features` is a list of objects \(up to 1\): a table of its own \(about 1 row × 7 columns\), one row per element, linked to its parent row by _parent_id; one column here instead of /,
    );
    const { back } = await roundTrip(input, proposal.plan);
    expect(firstDifference(exact(back), exact(input))).toBeNull();
  });

  it('the planner proposes a table per map of records for relational output, and the ZIP reads back the same JSON', async () => {
    const proposal = proposePlan(await profileJson([countries]), { relational: true });
    const strategies = Object.fromEntries(proposal.plan.paths.map((entry) => [entry.path, entry.strategy]));
    expect(strategies).toMatchObject({
      'name.native': 'table',
      currencies: 'table',
      translations: 'table',
      // Its members are strings, not records: one JSON cell.
      languages: 'json',
    });
    expect(proposal.explanations).toContain(
      '`currencies` is a map of records: its keys are codes (AWG, AFN, AOA, …). A table of its own (about 275 rows × 5 columns), one row per member with its key in _index, linked to its parent row by _parent_id; one column here instead of 325.',
    );
    const { files, back } = await roundTrip(countries, proposal.plan);
    expect(Object.keys(files)).toEqual([
      'plan.json',
      'written.json',
      'datapackage.json',
      'schema.sql',
      'main.csv',
      'tables/name.native.csv',
      'tables/currencies.csv',
      'tables/translations.csv',
    ]);
    expect(files['tables/currencies.csv']?.split('\n').slice(0, 2)).toEqual([
      '_id,_parent_id,_index,name,symbol',
      '1,1,AWG,Aruban florin,ƒ',
    ]);
    expect(files['main.csv']?.split('\n')[0]?.split(',')).toHaveLength(32);
    expect(firstDifference(exact(back), await singleTableRoundTrip(countries, proposal.plan))).toBeNull();
    // The same JSON (a null read back lands after the keys that hold values: key order aside).
    expect(JSON.parse(decoder.decode(back))).toEqual(JSON.parse(decoder.decode(countries)));

    const users = proposePlan(await profileJson([firebase], { recordsPath: 'users' }), { relational: true });
    expect(users.plan.paths).toContainEqual(expect.objectContaining({ path: 'devices', strategy: 'table' }));
    const firebaseBack = (await roundTrip(firebase, users.plan)).back;
    expect(firstDifference(exact(firebaseBack), await singleTableRoundTrip(firebase, users.plan))).toBeNull();
  });

  it('writes one XLSX with a sheet per table', async () => {
    const input = encoder.encode('[{"id":1,"items":[{"sku":"a","parts":[{"n":1.50}]},{"sku":"b"}]}]');
    const plan: FlattenPlan = {
      version: 1,
      paths: [
        { path: 'items', strategy: 'table' },
        { path: 'items.[].parts', strategy: 'table' },
      ],
    };
    const files = filesOf(await bytesOf(jsonToRelational([input], { plan, format: 'xlsx' })));
    expect(Object.keys(files)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
      'xl/worksheets/sheet3.xml',
    ]);
    expect(files['xl/workbook.xml']).toContain(
      '<sheets><sheet name="main" sheetId="1" r:id="rId1"/><sheet name="items" sheetId="2" r:id="rId2"/><sheet name="items.parts" sheetId="3" r:id="rId3"/></sheets>',
    );
    expect(files['[Content_Types].xml']).toContain('<Override PartName="/xl/worksheets/sheet3.xml"');
    const text = (ref: string, value: string) =>
      `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${value}</t></is></c>`;
    const parts = files['xl/worksheets/sheet3.xml'] as string;
    expect(parts).toContain(
      `<row r="1">${text('A1', '_id')}${text('B1', '_parent_id')}${text('C1', '_index')}${text('D1', 'n')}</row>`,
    );
    expect(parts).toContain(
      '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>1</v></c><c r="C2"><v>0</v></c><c r="D2"><v>1.50</v></c></row>',
    );
    expect(files['xl/worksheets/sheet1.xml']).toContain(text('C2', 'tables/items'));
  });
});
