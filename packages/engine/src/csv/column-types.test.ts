import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatBytes, type Notice } from '../byte-source.js';
import { csvToJson, csvToJsonText } from '../csv-to-json.js';
import { ConversionError } from '../errors.js';
import { jsonToCsvText } from '../json-to-csv.js';
import type { CsvToJsonOptions } from '../options.js';
import { createMemorySpool, type Spool } from '../spool.js';
import type { CellTypingReport } from './column-types.js';
import { chunkings } from './test-chunks.js';

/** Converts fed whole, a byte at a time and in random chunks (all must agree): the JSON text and the typing report. */
async function read(csv: string, options: CsvToJsonOptions = {}): Promise<{ json: string; typing: CellTypingReport }> {
  const results: { json: string; typing: CellTypingReport | undefined }[] = [];
  for (const { chunks } of chunkings(new TextEncoder().encode(csv))) {
    let typing: CellTypingReport | undefined;
    const onNotice = (notice: Notice): void => {
      if (notice.kind !== 'column-types') return;
      expect(typing).toBeUndefined();
      const { kind: _, ...report } = notice;
      typing = report;
    };
    const out: Uint8Array[] = [];
    for await (const chunk of csvToJson(chunks, { ...options, onNotice })) out.push(chunk);
    results.push({ json: new TextDecoder().decode(concatBytes(out)), typing });
  }
  for (const result of results) expect(result).toEqual(results[0]);
  const first = results[0];
  if (first?.typing === undefined) throw new Error('no column-types notice');
  return { json: first.json, typing: first.typing };
}

describe('per-column typing', () => {
  it('keeps a code column all strings, and says why with its counts', async () => {
    const { json, typing } = await read('zip,city\n35760,Huntsville\n03432,Nelson\n35801,Huntsville\n', {
      typing: 'per-column',
    });
    expect(JSON.parse(json)).toEqual([
      { zip: '35760', city: 'Huntsville' },
      { zip: '03432', city: 'Nelson' },
      { zip: '35801', city: 'Huntsville' },
    ]);
    expect(typing).toEqual({
      typing: 'per-column',
      reason: 'given',
      columns: [
        { name: 'zip', type: 'string', numbers: 2, booleans: 0, others: 1, empty: 0 },
        { name: 'city', type: 'string', numbers: 0, booleans: 0, others: 3, empty: 0 },
      ],
    });
  });

  it('types a column as numbers only when every non-empty cell is a JSON number', async () => {
    const strings = ['007', '+7', '7a', '1,000', '0x1F', '.5', '1.', 'NaN', ' 7'];
    for (const odd of strings) {
      const { json, typing } = await read(`n\n1\n"${odd}"\n2\n`, { typing: 'per-column' });
      expect(JSON.parse(json), odd).toEqual([{ n: '1' }, { n: odd }, { n: '2' }]);
      expect(typing.columns[0]?.type).toBe('string');
    }
    const { json } = await read('n,m\n1,\n-2.5e3,7\n', { typing: 'per-column' });
    expect(json).toBe('[\n{"n":1,"m":null},\n{"n":-2.5e3,"m":7}\n]\n');
  });

  it('writes numbers as their text: no rewriting of 0.10 or 20-digit integers', async () => {
    const { json } = await read('"id","share"\n"12345678901234567890","0.10"\n"3","1e400"\n');
    expect(json).toBe('[\n{"id":12345678901234567890,"share":0.10},\n{"id":3,"share":1e400}\n]\n');
  });

  it('types boolean columns only when every non-empty cell is true or false; empty cells there are null', async () => {
    const { json, typing } = await read('a,b\ntrue,true\n"false",1\n"",\n', { typing: 'per-column' });
    expect(JSON.parse(json)).toEqual([
      { a: true, b: 'true' },
      { a: false, b: '1' },
      { a: null, b: null },
    ]);
    expect(typing.columns.map((column) => column.type)).toEqual(['boolean', 'string']);
  });

  it('leaves empty columns, JSON text and the formula guard as per cell', async () => {
    const { json } = await read('a,b,c,d\n,"",[1],\'=1\n,,"{""x"":1}",x\n', { typing: 'per-column', excelSafe: true });
    expect(JSON.parse(json)).toEqual([
      { a: null, b: '', c: [1], d: '=1' },
      { a: null, b: null, c: { x: 1 }, d: 'x' },
    ]);
  });

  it('types nested headers and the columns of another dialect', async () => {
    const nested = await read('id;tags.0;tags.1\n1;7;x\n2;8;\n', { typing: 'per-column' });
    expect(JSON.parse(nested.json)).toEqual([
      { id: 1, tags: [7, 'x'] },
      { id: 2, tags: [8] },
    ]);
    const spaced = await read("'name', 'n'\n'a', '1'\n'b', '2'\n", {
      typing: 'per-column',
      quote: "'",
      delimiter: ', ',
    });
    expect(JSON.parse(spaced.json)).toEqual([
      { name: 'a', n: 1 },
      { name: 'b', n: 2 },
    ]);
  });

  it('keeps the input in the spool between the passes, and releases it', async () => {
    const events: string[] = [];
    const spool = (): Spool => {
      const memory = createMemorySpool();
      return {
        write: (chunk) => {
          events.push(`write ${chunk.length}`);
          return memory.write(chunk);
        },
        get size() {
          return memory.size;
        },
        read: () => memory.read(),
        dispose: async () => {
          events.push('dispose');
          await memory.dispose();
        },
      };
    };
    const csv = `a,b\n${'1,x\n'.repeat(30_000)}`;
    const json = await csvToJsonText(csv, { typing: 'per-column', spool });
    expect(JSON.parse(json)).toHaveLength(30_000);
    expect(events.at(-1)).toBe('dispose');
    const kept = events.filter((event) => event.startsWith('write')).reduce((sum, e) => sum + Number(e.slice(6)), 0);
    expect(kept).toBe(csv.length);
  });

  it('reports ragged rows and other notices once, not once per pass', async () => {
    const notices: Notice[] = [];
    await csvToJsonText('a,b\n1,2,3\n', { typing: 'per-column', onNotice: (notice) => notices.push(notice) });
    expect(notices.filter((notice) => notice.kind === 'ragged-row')).toHaveLength(1);
    expect(notices.map((notice) => notice.kind)).toEqual(['dialect', 'column-types', 'ragged-row', 'summary']);
  });

  it('refuses a typing that contradicts types: false', () => {
    expect(() => csvToJson([], { types: false, typing: 'per-column' })).toThrow(ConversionError);
    expect(() => csvToJson([], { typing: 'by-guess' as 'auto' })).toThrow(/Typing must be one of/);
  });
});

describe('auto typing', () => {
  it('types a foreign export that quotes every cell per column, and says so', async () => {
    const export_ = '"Country Name","Country Code","2020","2021"\n"Aruba","ABW","106766","106537"\n"Chad","TCD","",\n';
    const { json, typing } = await read(export_);
    expect(JSON.parse(json)).toEqual([
      { 'Country Name': 'Aruba', 'Country Code': 'ABW', '2020': 106766, '2021': 106537 },
      { 'Country Name': 'Chad', 'Country Code': 'TCD', '2020': null, '2021': null },
    ]);
    expect(typing.typing).toBe('per-column');
    expect(typing.reason).toBe('every-cell-quoted');
    expect(typing.columns.map((column) => `${column.name}: ${column.type}`)).toEqual([
      'Country Name: string',
      'Country Code: string',
      '2020: number',
      '2021: number',
    ]);
  });

  it('types a World Bank export (a preamble, every cell quoted, a trailing comma) per column', async () => {
    const export_ = [
      '"Data Source","World Development Indicators",',
      '',
      '"Last Updated Date","2024-06-28",',
      '',
      '"Country Name","Country Code","Indicator Name","1960","2023",',
      '"Aruba","ABW","Population, total","54608","106277",',
      '"Africa Eastern and Southern","AFE","Population, total","130692579","750503764",',
      '"Afghanistan","AFG","Population, total","8622466","",',
      '',
    ].join('\n');
    const { json, typing } = await read(export_);
    const row = (name: string, code: string, y1960: number, y2023: number | null) => ({
      'Country Name': name,
      'Country Code': code,
      'Indicator Name': 'Population, total',
      '1960': y1960,
      '2023': y2023,
      '': null,
    });
    expect(JSON.parse(json)).toEqual([
      row('Aruba', 'ABW', 54608, 106277),
      row('Africa Eastern and Southern', 'AFE', 130692579, 750503764),
      row('Afghanistan', 'AFG', 8622466, null),
    ]);
    expect(typing.reason).toBe('every-cell-quoted');
    expect(typing.columns.map((column) => column.type)).toEqual([
      'string',
      'string',
      'string',
      'number',
      'number',
      'empty',
    ]);
  });

  it('reads a file with any unquoted non-empty cell per cell, as before', async () => {
    const { json, typing } = await read('"name","n"\n"a",1\n"b","2"\n');
    expect(JSON.parse(json)).toEqual([
      { name: 'a', n: 1 },
      { name: 'b', n: '2' },
    ]);
    expect(typing).toEqual({ typing: 'per-cell', reason: 'default', columns: [] });
  });

  it('reads every-cell-quoted text that unnest itself would quote per cell (quoting carries the type there)', async () => {
    const own = await jsonToCsvText(
      JSON.stringify([
        { 'a,b': '1', c: '' },
        { 'a,b': 'true', c: '[x' },
      ]),
    );
    expect(own).toBe('"a,b",c\n"1",""\n"true","[x"\n');
    const { json, typing } = await read(own);
    expect(JSON.parse(json)).toEqual([
      { 'a,b': '1', c: '' },
      { 'a,b': 'true', c: '[x' },
    ]);
    expect(typing.typing).toBe('per-cell');
  });

  it('keeps json2csv output of strings exact however much of it is quoted', async () => {
    const text = fc.oneof(
      fc.constantFrom('', '0', '01', '12', '-3.5', 'true', 'false', 'a,b', 'x;y', '"q"', '{', 'line\nbreak'),
      fc.stringMatching(/^[a-z0-9 ]{0,6}$/),
    );
    const rows = fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(rows, async (pairs) => {
        const records = pairs.map(([a, b]) => ({ 'a b': a, c: b }));
        const csv = await jsonToCsvText(JSON.stringify(records));
        let typing: string | undefined;
        const json = await csvToJsonText(csv, {
          onNotice: (notice) => (typing = notice.kind === 'column-types' ? notice.typing : typing),
        });
        expect(JSON.parse(json)).toEqual(records);
        expect(typing).toBe('per-cell');
      }),
      { numRuns: 300 },
    );
  });

  it('types any fully quoted table of numbers and names by column, numbers exact', async () => {
    const number = fc.oneof(
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
      fc.constantFrom('0.10', '2.50', '-0'),
    );
    const table = fc.array(fc.tuple(fc.stringMatching(/^[A-Z][a-z]{0,5}$/), number), { minLength: 1, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        const csv = `"name","value"\n${rows.map(([name, value]) => `"${name}","${value}"\n`).join('')}`;
        const json = await csvToJsonText(csv);
        expect(json).toBe(`[\n${rows.map(([name, value]) => `{"name":"${name}","value":${value}}`).join(',\n')}\n]\n`);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps every value a string with typing strings or types: false', async () => {
    for (const options of [{ typing: 'strings' as const }, { types: false }]) {
      const { json, typing } = await read('"a","b"\n"1","x"\n', options);
      expect(JSON.parse(json)).toEqual([{ a: '1', b: 'x' }]);
      expect(typing).toEqual({ typing: 'strings', reason: 'given', columns: [] });
    }
  });
});
