import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Notice } from '../../byte-source.js';
import { csvToJson } from '../../csv-to-json.js';
import { jsonToCsv } from '../../json-to-csv.js';
import type { CsvToJsonOptions, JsonToCsvOptions } from '../../options.js';
import { csvToJsonInParallel } from './parallel-csv.js';
import { jsonToCsvInParallel } from './parallel-json.js';

const folder = mkdtempSync(join(tmpdir(), 'unnest-parallel-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

/** Tiny pieces, so that small files are cut several times. */
const SETTINGS = { minPieceBytes: 400, directory: folder };

async function whole(direction: 'json2csv' | 'csv2json', bytes: Uint8Array, options: object) {
  const notices: Notice[] = [];
  const chunks: Uint8Array[] = [];
  const onNotice = (notice: Notice) => notices.push(notice);
  const output =
    direction === 'json2csv'
      ? jsonToCsv([bytes], { ...(options as JsonToCsvOptions), onNotice })
      : csvToJson([bytes], { ...(options as CsvToJsonOptions), onNotice });
  for await (const chunk of output) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), notices };
}

/** The file converted in pieces beside the same file converted whole. */
async function inPieces(direction: 'json2csv' | 'csv2json', text: string, options: object = {}, threads = 3) {
  const input = join(folder, `input-${++files}`);
  const output = join(folder, `output-${files}`);
  const bytes = new TextEncoder().encode(text);
  writeFileSync(input, bytes);
  writeFileSync(output, '');
  const notices: Notice[] = [];
  const settings = { ...SETTINGS, threads };
  const outcome =
    direction === 'json2csv'
      ? await jsonToCsvInParallel(input, output, options, { onNotice: (n) => notices.push(n) }, settings)
      : await csvToJsonInParallel(input, output, options, { onNotice: (n) => notices.push(n) }, settings);
  // The whole conversion only where the pieces' output is to be compared with it (some options fail on this input).
  const compared = outcome.parallel ? await whole(direction, bytes, options) : { bytes: Buffer.alloc(0), notices: [] };
  return { outcome, bytes: readFileSync(output), notices, whole: compared };
}

function expectSameAsWhole(result: Awaited<ReturnType<typeof inPieces>>, pieces?: number) {
  expect(result.outcome).toEqual({ parallel: true, pieces: pieces ?? expect.any(Number) });
  expect(result.bytes.toString()).toBe(result.whole.bytes.toString());
  expect(result.bytes.equals(result.whole.bytes)).toBe(true);
  expect(result.notices).toEqual(result.whole.notices);
}

const lines = (count: number, record: (i: number) => object) =>
  `${Array.from({ length: count }, (_, i) => JSON.stringify(record(i))).join('\n')}\n`;

describe('jsonToCsvInParallel', () => {
  it('writes the bytes and notices of the whole conversion, columns first seen in a later piece included', async () => {
    const text = lines(120, (i) => ({
      id: i,
      name: `n"${i}, x`,
      ...(i > 100 ? { late: `l${i}` } : {}),
      ...(i % 9 === 0 ? { tags: [i, { deep: i }] } : {}),
    }));
    expectSameAsWhole(await inPieces('json2csv', text), 3);
    expectSameAsWhole(await inPieces('json2csv', text, { groupArrayColumns: true, delimiter: ';', eol: 'crlf' }));
    expectSameAsWhole(await inPieces('json2csv', text, { arrays: 'json', bom: true }));
  });

  it('reorders a piece whose first record has its keys in another order', async () => {
    const text = lines(90, (i) => (i < 45 ? { a: i, b: i, c: i } : { c: i, x: i, a: i }));
    expectSameAsWhole(await inPieces('json2csv', text, {}, 2), 2);
  });

  it('merges the formula guard of every piece, examples in order', async () => {
    const text = `\ufeff${lines(80, (i) => ({ cell: i % 30 === 29 ? `=HYPERLINK(${i})` : `v${i}`, i }))}`;
    expectSameAsWhole(await inPieces('json2csv', text, { excelSafe: true }));
  });

  it('leaves a pretty-printed stream of objects to one thread: a cut inside an object fails its piece', async () => {
    const text = Array.from({ length: 60 }, (_, i) => JSON.stringify({ id: i, o: { a: [i, 'x'] } }, null, 2)).join(
      '\n',
    );
    const result = await inPieces('json2csv', text);
    expect(result.outcome.parallel).toBe(false);
  });

  it('splits a JSON array between its objects, one per line or all on one line', async () => {
    const records = Array.from({ length: 90 }, (_, i) => ({
      id: i,
      items: [{ sku: `s${i}` }, { sku: 'x', qty: i }],
      ...(i > 80 ? { late: true } : {}),
    }));
    const perLine = `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
    expectSameAsWhole(await inPieces('json2csv', perLine), 3);
    // On one line, the cuts go before an object whose first key is the first object's, not inside `items`.
    expectSameAsWhole(await inPieces('json2csv', JSON.stringify(records)), 3);
    expectSameAsWhole(
      await inPieces('json2csv', `\ufeff${JSON.stringify(records, null, 1)}`, { groupArrayColumns: true }),
    );
  });

  it('leaves an array cut inside a nested array, and a document, XLSX and a records path to one thread', async () => {
    // Every object has a different first key: the cut falls inside `items`, and the piece before it fails.
    const nested = JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({ [`k${i}`]: i, items: [{ a: 1 }, { b: 2 }, { c: 3 }] })),
    );
    const cutInside = await inPieces('json2csv', nested, {}, 2);
    if (cutInside.outcome.parallel) expectSameAsWhole(cutInside);
    else expect(cutInside.outcome.reason).toMatch(/^a piece did not convert on its own/);
    const document = `{"meta":1,"data":${JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ i })))}}`;
    expect((await inPieces('json2csv', document)).outcome.parallel).toBe(false);
    const text = lines(60, (i) => ({ id: i }));
    expect((await inPieces('json2csv', text, { format: 'xlsx' })).outcome).toEqual({
      parallel: false,
      reason: 'XLSX output is written by one thread',
    });
    expect((await inPieces('json2csv', text, { recordsPath: 'id' })).outcome.parallel).toBe(false);
  });

  it('matches the whole conversion on any JSON Lines or array of objects, or says why not', async () => {
    let split = 0;
    const value = fc.oneof(
      fc.integer(),
      fc.string(),
      fc.constantFrom('a,b', 'q"q', 'line\nbreak', '=1+1', '', null, true),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('x', 'y'), fc.integer(), { maxKeys: 2 }),
    );
    const record = fc.dictionary(fc.constantFrom('id', 'a', 'b.c', 'b', 'late', 'é'), value, { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 30, maxLength: 80 }),
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom('lines', 'array', 'array on one line'),
        async (records, threads, layout) => {
          const text =
            layout === 'lines'
              ? `${records.map((r) => JSON.stringify(r)).join('\n')}\n`
              : layout === 'array'
                ? `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]`
                : JSON.stringify(records);
          const result = await inPieces('json2csv', text, {}, threads);
          if (result.outcome.parallel) split++;
          if (result.outcome.parallel) expectSameAsWhole(result);
          else expect(result.outcome.reason).toMatch(/\w/);
        },
      ),
      { numRuns: 12 },
    );
    // The property holds for the files split, not only for those left to one thread.
    expect(split).toBeGreaterThan(6);
  });
});

describe('csvToJsonInParallel', () => {
  const table = (rows: number, row: (i: number) => string, header = 'id,name,price') =>
    `${[header, ...Array.from({ length: rows }, (_, i) => row(i))].join('\r\n')}\r\n`;

  it('writes the bytes and notices of the whole conversion in every layout', async () => {
    const text = table(150, (i) => `${i},"na,me ""${i}""",${i}.10`);
    expectSameAsWhole(await inPieces('csv2json', text), 3);
    expectSameAsWhole(await inPieces('csv2json', text, { pretty: true }));
    expectSameAsWhole(await inPieces('csv2json', text, { ndjson: true }));
    expectSameAsWhole(await inPieces('csv2json', text, { types: false }));
    expectSameAsWhole(await inPieces('csv2json', text, { header: false }));
  });

  it('gives the other pieces the header rows, a byte order mark and a preamble left out', async () => {
    const text = `\ufeff"id","user.name"\n${Array.from({ length: 120 }, (_, i) => `${i},u${i}`).join('\n')}`;
    expectSameAsWhole(await inPieces('csv2json', text));
    expectSameAsWhole(await inPieces('csv2json', `Report of today\n${text.slice(1)}`, { skipRows: 1 }));
    expectSameAsWhole(await inPieces('csv2json', text, { headerRows: 2 }));
  });

  it('reads a record cut inside quotes to its end, and converts the next piece again from there', async () => {
    // The nominal cuts fall inside the long quoted cell: the first piece reads on to its end, the second starts
    // there (the probe finds no record start in a quoted cell of short lines, so the cut is proven, not guessed).
    const cell = Array.from({ length: 200 }, (_, k) => `line ${k}`).join('\n');
    const text = table(6, (i) => (i === 1 ? `${i},"${cell}",1` : `${i},x,1`));
    expectSameAsWhole(await inPieces('csv2json', text));
    const many = table(200, (i) => `${i},"first line\n${'z'.repeat(i % 40)}\nthird, line",${i}`);
    for (const threads of [2, 3, 4]) expectSameAsWhole(await inPieces('csv2json', many, {}, threads));
  });

  it('leaves a quote never closed to one thread', async () => {
    const text = `${table(120, (i) => `${i},x,1`)}5,"open,1\r\n${table(20, (i) => `${i},y,2`).slice(14)}`;
    const result = await inPieces('csv2json', text);
    expect(result.outcome).toEqual({
      parallel: false,
      reason: 'a piece of the file has a stray-quote notice, read by one thread',
    });
  });

  it('leaves ragged rows, a second table and per-column typing to one thread', async () => {
    const ragged = table(120, (i) => (i === 100 ? `${i},x` : `${i},x,1`));
    expect((await inPieces('csv2json', ragged)).outcome.parallel).toBe(false);
    const second = `${table(120, (i) => `${i},x,1`)}\r\nother,columns\r\na,b\r\n`;
    expect((await inPieces('csv2json', second)).outcome.parallel).toBe(false);
    const quoted = table(120, (i) => `"${i}","x","1"`, '"id","name","price"');
    expect((await inPieces('csv2json', quoted)).outcome).toEqual({
      parallel: false,
      reason: 'per-column typing reads the file twice',
    });
  });

  it('matches the whole conversion on any table of numbers and text, or says why not', async () => {
    let split = 0;
    const cell = fc.oneof(
      fc.integer().map(String),
      fc.constantFrom('', '"a,b"', '"q""q"', 'true', '1.50', '"x\ny"', 'é', '[1]'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(cell, cell, cell), { minLength: 40, maxLength: 90 }),
        fc.integer({ min: 2, max: 4 }),
        async (rows, threads) => {
          const text = `a,b.c,b.d\n${rows.map((row) => row.join(',')).join('\n')}\n`;
          const result = await inPieces('csv2json', text, {}, threads);
          if (result.outcome.parallel) split++;
          if (result.outcome.parallel) expectSameAsWhole(result);
          else expect(result.outcome.reason).toMatch(/\w/);
        },
      ),
      { numRuns: 12 },
    );
    expect(split).toBeGreaterThan(6);
  });
});
