import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { concatBytes, type Notice } from './byte-source.js';
import { chunkings } from './csv/test-chunks.js';
import { csvToJson, csvToJsonText } from './csv-to-json.js';
import { ConversionError } from './errors.js';
import type { CsvToJsonOptions } from './options.js';

interface Result {
  text: string;
  notices: Notice[];
}

/** Converts input fed whole, one byte at a time and in random chunks; all three must agree. */
async function run(input: string | Uint8Array, options: CsvToJsonOptions = {}): Promise<Result> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const results: Result[] = [];
  for (const { chunks } of chunkings(bytes)) {
    const notices: Notice[] = [];
    const out: Uint8Array[] = [];
    for await (const chunk of csvToJson(chunks, { ...options, onNotice: (notice) => notices.push(notice) }))
      out.push(chunk);
    results.push({ text: new TextDecoder('utf-8', { fatal: true }).decode(concatBytes(out)), notices });
  }
  for (const result of results) expect(result).toEqual(results[0]);
  return results[0] ?? { text: '', notices: [] };
}

const records = async (input: string | Uint8Array, options: CsvToJsonOptions = {}): Promise<unknown> =>
  JSON.parse((await run(input, options)).text);

async function failure(input: string | Uint8Array, options: CsvToJsonOptions = {}): Promise<ConversionError> {
  for (const { chunks } of chunkings(typeof input === 'string' ? new TextEncoder().encode(input) : input)) {
    try {
      for await (const _ of csvToJson(chunks, options)) {
        // drain
      }
    } catch (error) {
      if (error instanceof ConversionError) return error;
      throw error;
    }
  }
  throw new Error('expected a ConversionError');
}

describe('csvToJson output layout', () => {
  it('writes a compact array with one record per line', async () => {
    expect((await run('a,b\n1,x\n2,y\n')).text).toBe('[\n{"a":1,"b":"x"},\n{"a":2,"b":"y"}\n]\n');
  });

  it('writes [] for no records', async () => {
    expect((await run('')).text).toBe('[]\n');
    expect((await run('a,b\n')).text).toBe('[]\n');
  });

  it('pretty prints like JSON.stringify with two spaces', async () => {
    const csv = 'id,user.name,user.tags.0,user.tags.1,empty,list\n1,Ann,x,y,,"[1,{""k"":[]}]"\n2,Bo,,,,{}\n';
    const { text } = await run(csv, { pretty: true });
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect(text).toContain('\n  {\n    "id": 1,\n    "user": {\n      "name": "Ann",\n      "tags": [\n        "x",');
    expect((await run('a\n1\n', { pretty: true })).text).toBe('[\n  {\n    "a": 1\n  }\n]\n');
  });

  it('writes JSON Lines with ndjson, one compact record per line (pretty or not)', async () => {
    const expected = '{"a":1,"b":{"c":[1,2]}}\n{"a":null,"b":{}}\n';
    expect((await run('a,b\n1,"[1, 2]"\n,"{ }"\n', { ndjson: true, unflatten: false })).text).toBe(
      expected.replace('"b":{"c":[1,2]}', '"b":[1,2]'),
    );
    expect((await run('a,b.c.0,b.c.1\n1,1,2\n', { ndjson: true, pretty: true })).text).toBe(
      '{"a":1,"b":{"c":[1,2]}}\n',
    );
    expect((await run('a\n', { ndjson: true })).text).toBe('');
  });

  it('reports the summary', async () => {
    const { notices } = await run('a,b\n1,2\n3,4\n', { delimiter: ',' });
    expect(notices.at(-1)).toEqual({ kind: 'summary', records: 2, columns: 2 });
  });

  it('reports progress per input chunk', async () => {
    const seen: number[] = [];
    for await (const _ of csvToJson([new TextEncoder().encode('a\n1\n'), new TextEncoder().encode('2\n')], {
      onProgress: (bytes) => seen.push(bytes),
    })) {
      // drain
    }
    expect(seen).toEqual([4, 6]);
  });

  it('emits output in chunks of at least 64 KiB until the last', async () => {
    const csv = `a,b\n${'12345,hello world\n'.repeat(50_000)}`;
    const sizes: number[] = [];
    for await (const chunk of csvToJson([new TextEncoder().encode(csv)])) sizes.push(chunk.length);
    expect(sizes.length).toBeGreaterThan(2);
    for (const size of sizes.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(64 * 1024);
  });
});

describe('wide CSV', () => {
  it('reads a header of 169,086 flat columns (passed as call arguments, they overflowed the stack)', async () => {
    const columns = 169_086;
    const header = Array.from({ length: columns }, (_, k) => `k${k}`).join(',');
    const row = Array.from({ length: columns }, (_, k) => (k === columns - 1 ? '7' : '')).join(',');
    const json = JSON.parse(await csvToJsonText(`${header}\n${row}\n`));
    expect(json).toHaveLength(1);
    expect(json[0][`k${columns - 1}`]).toBe(7);
    expect(json[0].k0).toBeNull();
  });
});

describe('delimiter option', () => {
  it('sniffs the delimiter and reports the whole dialect with its confidence', async () => {
    for (const delimiter of [',', ';', '\t', '|', '^']) {
      const csv = `a${delimiter}b\n"x${delimiter}y"${delimiter}2\n3${delimiter}4\n`;
      const { text, notices } = await run(csv);
      expect(JSON.parse(text)).toEqual([
        { a: `x${delimiter}y`, b: 2 },
        { a: 3, b: 4 },
      ]);
      expect(notices[0]).toEqual({
        kind: 'dialect',
        dialect: {
          delimiter,
          quote: '"',
          escape: null,
          skipRows: 0,
          headerRows: 1,
          encoding: 'utf-8',
          confidence: expect.any(Number),
          given: [],
        },
      });
    }
    // A space delimits a table of three columns or more; fewer, and it is more likely a space in the values.
    expect(await records('a b c\n"x y" 2 3\n4 5 6\n')).toEqual([
      { a: 'x y', b: 2, c: 3 },
      { a: 4, b: 5, c: 6 },
    ]);
    expect(await records('name\nAda Lovelace\nAlan Turing\n')).toEqual([
      { name: 'Ada Lovelace' },
      { name: 'Alan Turing' },
    ]);
  });

  it('sniffs comma or semicolon followed by spaces, quotes after the spaces, a preamble, quote and escape', async () => {
    expect(await records('a, b\n1, "x, y"\n2, "z"\n')).toEqual([
      { a: 1, b: 'x, y' },
      { a: 2, b: 'z' },
    ]);
    expect(await records('Report,,\n,,\na,b,c\n1,2,3\n4,5,6\n')).toEqual([
      { a: 1, b: 2, c: 3 },
      { a: 4, b: 5, c: 6 },
    ]);
    expect(await records("a;b\n'x;y';1\n'z';2\n")).toEqual([
      { a: 'x;y', b: 1 },
      { a: 'z', b: 2 },
    ]);
    // Excel's `sep=` line names the delimiter; before, it became the header and the header a record.
    expect(await records('\uFEFFsep=;\r\nname;age\r\nAda;36\r\nAlan;41\r\n')).toEqual([
      { name: 'Ada', age: 36 },
      { name: 'Alan', age: 41 },
    ]);
    expect(await records('a,b\n"say \\"hi\\", ok",1\n"z",2\n')).toEqual([
      { a: 'say "hi", ok', b: 1 },
      { a: 'z', b: 2 },
    ]);
  });

  it('takes every part of the dialect by hand, stacked header rows joined', async () => {
    const { text, notices } = await run("note\nx:: y\n'1::2'::3\n", {
      delimiter: ':: ',
      quote: "'",
      escape: 'none',
      skipRows: 1,
    });
    expect(JSON.parse(text)).toEqual([{ x: '1::2', y: 3 }]);
    expect(notices.find((notice) => notice.kind === 'dialect')).toMatchObject({
      dialect: { delimiter: ':: ', quote: "'", escape: null, skipRows: 1, confidence: 1 },
    });
    expect(await records('a,,b\nx,y,z\n1,2,3\n', { headerRows: 2 })).toEqual([{ 'a x': 1, 'a y': 2, 'b z': 3 }]);
    expect(() => csvToJson([], { quote: '`' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() => csvToJson([], { skipRows: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() => csvToJson([], { headerRows: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  it('ends the records at a second table and reports the rows left; drops a header written twice', async () => {
    const second = await run('a,b\n1,2\n\nname,city\nx,y\n');
    expect(JSON.parse(second.text)).toEqual([{ a: 1, b: 2 }]);
    expect(second.notices).toContainEqual({ kind: 'second-table', line: 4, rows: 2 });
    const repeated = await run('a,b\n1,2\na,b\n3,4\n');
    expect(JSON.parse(repeated.text)).toEqual([{ a: 1, b: 2 }]);
    expect(repeated.notices).toContainEqual({ kind: 'second-table', line: 3, rows: 2 });
    const twice = await run('a,b\na,b\n1,2\n');
    expect(JSON.parse(twice.text)).toEqual([{ a: 1, b: 2 }]);
    expect(twice.notices).toContainEqual({ kind: 'repeated-header', line: 2 });
    // Rows of the same shape after a blank line are more records.
    expect(await records('a,b\n1,2\n\n3,4\n')).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
  });

  it('names the columns of a header without rows', async () => {
    const { text, notices } = await run('id,name\n');
    expect(text).toBe('[]\n');
    expect(notices).toContainEqual({ kind: 'no-records', columns: ['id', 'name'] });
  });

  it('uses a given delimiter without sniffing', async () => {
    const { text, notices } = await run('a;b\n1,5;2\n', { delimiter: ';' });
    expect(JSON.parse(text)).toEqual([{ a: '1,5', b: 2 }]);
    expect(notices.find((notice) => notice.kind === 'dialect')).toMatchObject({
      dialect: { delimiter: ';', given: ['delimiter'] },
    });
    expect(await records('a\tb\n1\t2\n', { delimiter: 'tab' })).toEqual([{ a: 1, b: 2 }]);
    expect(await records('a\tb\n1\t2\n', { delimiter: '\\t' })).toEqual([{ a: 1, b: 2 }]);
  });

  it('rejects bad delimiters before reading input', () => {
    expect(() => csvToJson([], { delimiter: '"' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() => csvToJson([], { delimiter: ';;;;;' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() => csvToJson([], { delimiter: ",'" })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() => csvToJson([], { delimiter: '§' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() => csvToJson([], { maxFieldBytes: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });
});

describe('types option', () => {
  it('copies number literals byte for byte', async () => {
    const { text } = await run('n\n12345678901234567890\n0.1000000000000000055\n1e400\n-0\n1E-7\n');
    expect(text).toBe(
      '[\n{"n":12345678901234567890},\n{"n":0.1000000000000000055},\n{"n":1e400},\n{"n":-0},\n{"n":1E-7}\n]\n',
    );
  });

  it('keeps what is not a JSON number a string', async () => {
    const values = ['007', '1,000', '+1', ' 12', '0x1F', '.5', 'NaN', 'Infinity', '1.', 'True', 'null'];
    const csv = `v\n${values.map((v) => (v.includes(',') ? `"${v}"` : v)).join('\n')}\n`;
    expect(await records(csv, { delimiter: ',' })).toEqual(values.map((v) => ({ v })));
  });

  it('reads booleans, empty cells as null and quoted text as strings', async () => {
    expect(await records('a,b,c,d,e\ntrue,false,,"","007"\n"true","1",x,"",""\n')).toEqual([
      { a: true, b: false, c: null, d: '', e: '007' },
      { a: 'true', b: '1', c: 'x', d: '', e: '' },
    ]);
  });

  it('reads JSON array and object text as that value, numbers inside kept exact', async () => {
    const { text } = await run('a,b,c,d\n[],"{}","[1,""a"",12345678901234567890]","[1,"\n');
    expect(text).toBe('[\n{"a":[],"b":{},"c":[1,"a",12345678901234567890],"d":"[1,"}\n]\n');
  });

  it('keeps every value a string when off, an empty cell included', async () => {
    expect(await records('a,b,c,d\n1,true,,[]\n', { types: false })).toEqual([{ a: '1', b: 'true', c: '', d: '[]' }]);
  });
});

describe('unflatten option', () => {
  it('nests dotted headers into objects and arrays', async () => {
    expect(await records('id,user.name,user.tags.0,user.tags.1,a\\.b,c.\\0\n1,Ann,x,y,2,3\n')).toEqual([
      { id: 1, user: { name: 'Ann', tags: ['x', 'y'] }, 'a.b': 2, c: { '0': 3 } },
    ]);
  });

  it('drops trailing empty array elements, fills holes with null, and reads an array with no value as null', async () => {
    expect(await records('t.0,t.1,t.2,u.1\nx,,,\n,,z,\n,,,\n,,,5\n')).toEqual([
      { t: ['x'], u: null },
      { t: [null, null, 'z'], u: null },
      { t: null, u: null },
      { t: null, u: [null, 5] },
    ]);
  });

  it('lets a leaf and nested columns of the same name share records', async () => {
    expect(await records('a,a.b,c\n,1,x\n2,,y\n,,z\n[],,w\n3,4,v\n')).toEqual([
      { a: { b: 1 }, c: 'x' },
      { a: 2, c: 'y' },
      { a: null, c: 'z' },
      { a: [], c: 'w' },
      { a: 3, c: 'v', 'a.b': 4 },
    ]);
  });

  it('lets arrays and objects of the same name share records', async () => {
    expect(await records('t.0,t.x\n1,\n,2\n3,4\n')).toEqual([{ t: [1] }, { t: { x: 2 } }, { t: [3], 't.x': 4 }]);
  });

  it('treats __proto__ and constructor as ordinary keys', async () => {
    const text = (await run('__proto__,constructor.prototype\n1,2\n')).text;
    expect(text).toBe('[\n{"__proto__":1,"constructor":{"prototype":2}}\n]\n');
  });

  it('uses the separator option', async () => {
    expect(await records('a/b,a.c\n1,2\n', { separator: '/' })).toEqual([{ a: { b: 1 }, 'a.c': 2 }]);
  });

  it('keeps header text as the key when off', async () => {
    expect(await records('a.b,a.0\n1,2\n', { unflatten: false })).toEqual([{ 'a.b': 1, 'a.0': 2 }]);
  });
});

describe('excelSafe option', () => {
  it('removes the guard only where json2csv adds one, and keeps the rest a string', async () => {
    const csv = "a,b,c,d,e,f,g,h\n'=SUM(1),'+a,\"'-x\",'@x,'plain,'+49 30 1,'-2,''=x\n";
    expect(await records(csv, { excelSafe: true })).toEqual([
      { a: '=SUM(1)', b: '+a', c: '-x', d: '@x', e: "'plain", f: "'+49 30 1", g: "'-2", h: "'=x" },
    ]);
    expect(await records(csv)).toEqual([
      { a: "'=SUM(1)", b: "'+a", c: "'-x", d: "'@x", e: "'plain", f: "'+49 30 1", g: "'-2", h: "''=x" },
    ]);
  });

  it('reads a guarded cell with doubled quotes by its content', async () => {
    expect(await records('a\n"\'-""x"""\n', { excelSafe: true })).toEqual([{ a: '-"x"' }]);
    expect(await records('a\n"\'-1"""\n', { excelSafe: true })).toEqual([{ a: '-1"' }]);
  });

  it('removes the guard from header names too, before nesting and renaming them', async () => {
    const csv = `"'=HYPERLINK(""x"")",'+a.b,'@c,"'\tt",'plain,'=d\n1,2,3,4,5,6\n`;
    expect(await records(csv, { excelSafe: true })).toEqual([
      { '=HYPERLINK("x")': 1, '+a': { b: 2 }, '@c': 3, '\tt': 4, "'plain": 5, '=d': 6 },
    ]);
    expect(await records("'=a,=a\n1,2\n", { excelSafe: true })).toEqual([{ '=a': 1, '=a_2': 2 }]);
    expect(await records("'=a,=a\n1,2\n")).toEqual([{ "'=a": 1, '=a': 2 }]);
  });
});

describe('header option', () => {
  it('turns every row into an array of strings when off', async () => {
    const { text, notices } = await run('a,b\n1,,"x"\n\n', { header: false, delimiter: ',' });
    expect(JSON.parse(text)).toEqual([['a', 'b'], ['1', '', 'x'], ['']]);
    expect(notices.at(-1)).toEqual({ kind: 'summary', records: 3, columns: 3 });
  });

  it('keeps repeated header names apart and reports them', async () => {
    const { text, notices } = await run('name,name,name_2,name\n1,2,3,4\n', { delimiter: ',' });
    expect(JSON.parse(text)).toEqual([{ name: 1, name_3: 2, name_2: 3, name_4: 4 }]);
    expect(notices.filter((notice) => notice.kind === 'duplicate-header')).toEqual([
      { kind: 'duplicate-header', name: 'name', renamedTo: 'name_3' },
      { kind: 'duplicate-header', name: 'name', renamedTo: 'name_4' },
    ]);
  });
});

describe('ragged rows', () => {
  it('fills missing cells with null, keys extra cells _extra_N, and reports each row with its line', async () => {
    const { text, notices } = await run('a,b\n1\n"x\ny",2,3,4\n5,6\n', { delimiter: ',' });
    expect(JSON.parse(text)).toEqual([
      { a: 1, b: null },
      { a: 'x\ny', b: 2, _extra_1: 3, _extra_2: 4 },
      { a: 5, b: 6 },
    ]);
    expect(notices.filter((notice) => notice.kind === 'ragged-row')).toEqual([
      { kind: 'ragged-row', line: 2, record: 1, expected: 2, actual: 1 },
      { kind: 'ragged-row', line: 3, record: 2, expected: 2, actual: 4 },
    ]);
  });

  it('puts extra cells after nested columns too', async () => {
    expect(await records('a.b\n1,2\n', { delimiter: ',', unflatten: true })).toEqual([{ a: { b: 1 }, _extra_1: 2 }]);
  });

  it('skips blank lines when the header has several columns, and reads them as null with one', async () => {
    expect(await records('a,b\n1,2\n\n3,4\n\n')).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
    expect(await records('a\n1\n\n2\n')).toEqual([{ a: 1 }, { a: null }, { a: 2 }]);
  });
});

describe('line endings and quoting', () => {
  it('reads CRLF, LF and lone CR, mixed', async () => {
    expect(await records('a,b\r\n1,2\n3,4\r5,6\r\n')).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
      { a: 5, b: 6 },
    ]);
  });

  it('keeps line breaks, delimiters and doubled quotes inside quoted cells exactly', async () => {
    expect(await records('a,b\n"x\r\ny","say ""hi"", then, go"\n')).toEqual([{ a: 'x\r\ny', b: 'say "hi", then, go' }]);
  });

  it('escapes control characters and backslashes in strings', async () => {
    const { text } = await run('a\n"tab\there\\ \u0001"\n');
    expect(text).toBe('[\n{"a":"tab\\there\\\\ \\u0001"}\n]\n');
  });

  it('keeps quotes inside unquoted cells and text after a closing quote', async () => {
    expect(await records('a,b\n5" pipe,"x"y\n')).toEqual([{ a: '5" pipe', b: 'xy' }]);
  });

  it('reads a quote never closed as a literal and reports the line where it opened', async () => {
    // Issue 28: one unclosed quote used to fail the whole file; every row is read now.
    const { text, notices } = await run('a,b\n1,2\n3,"open\n4,5\n', { delimiter: ',' });
    expect(JSON.parse(text)).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: '"open' },
      { a: 4, b: 5 },
    ]);
    expect(notices.filter((notice) => notice.kind === 'stray-quote')).toEqual([
      { kind: 'stray-quote', line: 3, column: 3 },
    ]);
  });

  it('reads a stray quote that swallows the next cells as a literal when its line then fits the header', async () => {
    const { text, notices } = await run('a,b,c\n1,"oops,3\n4,5,6\n7,"ok",9\n', { delimiter: ',' });
    expect(JSON.parse(text)).toEqual([
      { a: 1, b: '"oops', c: 3 },
      { a: 4, b: 5, c: 6 },
      { a: 7, b: 'ok', c: 9 },
    ]);
    expect(notices.filter((notice) => notice.kind === 'stray-quote')).toEqual([
      { kind: 'stray-quote', line: 2, column: 3 },
    ]);
    // A quoted cell that spans lines and leaves the record whole is data, not a stray quote.
    expect(await records('a,b\n"x\ny",2\n', { delimiter: ',' })).toEqual([{ a: 'x\ny', b: 2 }]);
  });

  it('reads a quote left open in the header row or without a header as a literal too', async () => {
    expect(await records('a,"b\n1,2\n', { delimiter: ',' })).toEqual([{ a: 1, '"b': 2 }]);
    expect(await records('a,b\n3,"open\n', { header: false, delimiter: ',' })).toEqual([
      ['a', 'b'],
      ['3', '"open'],
    ]);
  });

  it('fails on an oversized quoted field with the line where it opened', async () => {
    const error = await failure(`a\n1\n"${'x'.repeat(200)}"\n`, { maxFieldBytes: 100 });
    expect(error).toMatchObject({ code: 'CSV_FIELD_TOO_LARGE', line: 3 });
  });

  it('gives up on a 20 MiB unclosed quote after buffering about 16 MiB, not the whole input', async () => {
    let produced = 0;
    const block = new Uint8Array(64 * 1024).fill(0x61);
    async function* source(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode('a,b\n1,"');
      while (produced < 20 * 1024 * 1024) {
        produced += block.length;
        yield block;
      }
    }
    let error: unknown;
    try {
      for await (const _ of csvToJson(source())) {
        // drain
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'CSV_FIELD_TOO_LARGE', line: 2, column: 3 });
    expect(produced).toBeGreaterThan(16 * 1024 * 1024);
    expect(produced).toBeLessThan(16 * 1024 * 1024 + 256 * 1024);
  });
});

describe('encodings', () => {
  const expected = [{ name: 'Zoë', city: 'Zürich' }];
  const text = 'name,city\nZoë,Zürich\n';

  function utf16(value: string, bigEndian: boolean, bom: boolean): Uint8Array {
    const out = new Uint8Array((value.length + (bom ? 1 : 0)) * 2);
    const units = (bom ? '\ufeff' : '') + value;
    for (let i = 0; i < units.length; i++) {
      const unit = units.charCodeAt(i);
      out[i * 2 + (bigEndian ? 1 : 0)] = unit & 0xff;
      out[i * 2 + (bigEndian ? 0 : 1)] = unit >> 8;
    }
    return out;
  }

  it('strips a UTF-8 byte order mark', async () => {
    expect(await records(concatBytes([new Uint8Array([0xef, 0xbb, 0xbf]), new TextEncoder().encode(text)]))).toEqual(
      expected,
    );
  });

  it('reads UTF-16LE and UTF-16BE, with and without a byte order mark', async () => {
    for (const bigEndian of [false, true]) {
      for (const bom of [false, true]) {
        const { text: json, notices } = await run(utf16(text, bigEndian, bom));
        expect(JSON.parse(json)).toEqual(expected);
        expect(notices[0]).toEqual({
          kind: 'encoding',
          encoding: bigEndian ? 'utf-16be' : 'utf-16le',
          confidence: bom ? 1 : 0.9,
        });
      }
    }
  });

  it('reads Latin-1 when the start is not UTF-8', async () => {
    const latin1 = new Uint8Array(
      [...'name,city\nZo'].map((c) => c.charCodeAt(0)).concat([0xeb, 0x2c, 0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x0a]),
    );
    const { text: json, notices } = await run(latin1);
    expect(JSON.parse(json)).toEqual(expected);
    expect(notices[0]).toMatchObject({ kind: 'encoding', encoding: 'latin1' });
  });

  it('reads Windows-1252 where bytes 0x80-0x9F occur, and true Latin-1 when it is given', async () => {
    const bytes = new Uint8Array(
      [...'a,b\nx,'].map((c) => c.charCodeAt(0)).concat([0x80, 0x93, 0x71, 0x94, 0xe9, 0x0a]),
    );
    const detected = await run(bytes);
    expect(JSON.parse(detected.text)).toEqual([{ a: 'x', b: '€“q”é' }]);
    expect(detected.notices[0]).toMatchObject({ kind: 'encoding', encoding: 'windows-1252' });
    // In ISO-8859-1 those bytes are C1 control characters, kept as they are.
    const given = await run(bytes, { encoding: 'latin1' });
    expect(JSON.parse(given.text)).toEqual([{ a: 'x', b: '\u0080\u0093q\u0094é' }]);
    expect(given.notices.find((notice) => notice.kind === 'dialect')).toMatchObject({
      dialect: { encoding: 'latin1', given: ['encoding'] },
    });
    expect(() => csvToJson([], { encoding: 'klingon' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    // WHATWG reads the label `iso-8859-1` as Windows-1252: each is asked for by its own name.
    expect(() => csvToJson([], { encoding: 'ascii' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  it('fails with INVALID_UTF8 and the position when bad bytes come after a UTF-8 start', async () => {
    const start = new TextEncoder().encode(`a,b\n${'x,é\n'.repeat(20_000)}y,"ok\nz`);
    const error = await failure(concatBytes([start, new Uint8Array([0xff]), new TextEncoder().encode('"\n')]));
    expect(error).toMatchObject({ code: 'INVALID_UTF8', line: 20_003, column: 2, record: 20_001 });
    // The start decided UTF-8: the message says how to read a file in another encoding.
    expect(error.message).toBe(
      'Invalid UTF-8 byte 0xff in a quoted field; the start of the file read as UTF-8: give its encoding if it has another',
    );
  });
});

/**
 * Bytes as a string of one character per byte, to compare megabytes exactly: `toEqual` walks a typed
 * array element by element (40 s for 4 MB), a string comparison takes milliseconds.
 */
function byteText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

describe('reuseChunks option', () => {
  it('gives the same output to a consumer done with each chunk before it asks for the next', async () => {
    const csv = new TextEncoder().encode(`id,name,note\n${'7,Zoë,"a, ""b"""\n'.repeat(100_000)}`);
    const input = Array.from({ length: Math.ceil(csv.length / 65_536) }, (_, k) =>
      csv.subarray(k * 65_536, (k + 1) * 65_536),
    );
    const kept: Uint8Array[] = [];
    const copied: Uint8Array[] = [];
    const buffers = new Set<ArrayBufferLike>();
    for await (const chunk of csvToJson(input, {})) kept.push(chunk);
    for await (const chunk of csvToJson(input, { reuseChunks: true })) {
      buffers.add(chunk.buffer);
      copied.push(chunk.slice());
    }
    expect(byteText(concatBytes(copied))).toBe(byteText(concatBytes(kept)));
    // About 3 MB of output came out of a handful of buffers, written again and again.
    expect(copied.length).toBeGreaterThan(8);
    expect(buffers.size).toBeLessThan(copied.length / 2);
  });
});

describe('csvToJsonText', () => {
  it('converts a string to JSON text', async () => {
    expect(await csvToJsonText('a,b\n1,"x"\n')).toBe('[\n{"a":1,"b":"x"}\n]\n');
    expect(await csvToJsonText('a\n1\n', { ndjson: true })).toBe('{"a":1}\n');
  });
});
