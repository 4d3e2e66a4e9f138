import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Notice } from './byte-source.js';
import { ConversionError } from './errors.js';
import { jsonToCsv, jsonToCsvText } from './json-to-csv.js';
import { collect, csv, encoder, failure, split } from './json-to-csv.test-support.js';
import type { JsonToCsvOptions } from './options.js';

/** Converts `input` cut every way, to CSV and to XLSX, and expects its lone-surrogates notices to be `expected`. */
async function expectLoneSurrogates(input: Uint8Array, expected: Notice[], options: JsonToCsvOptions = {}) {
  for (const format of ['csv', 'xlsx'] as const) {
    for (const mode of ['whole', 'bytes', 'random'] as const) {
      const notices: Notice[] = [];
      await collect(split(input, mode), { ...options, format, onNotice: (notice) => notices.push(notice) });
      expect(
        notices.filter((notice) => notice.kind === 'lone-surrogates'),
        `${format}, ${mode}`,
      ).toEqual(expected);
    }
  }
}
describe('input forms', () => {
  it('converts an array of objects', async () => {
    expect(await csv('[{"a":1,"b":"x"},{"a":2,"b":"y"}]')).toBe('a,b\n1,x\n2,y\n');
  });

  it('converts a single object to one row', async () => {
    expect(await csv('{"a":1,"b":{"c":true}}')).toBe('a,b.c\n1,true\n');
  });

  it('converts JSON Lines, objects or scalars', async () => {
    expect(await csv('{"a":1}\n{"b":2}\r\n\n{"a":3,"b":4}\n')).toBe('a,b\n1,\n,2\n3,4\n');
    expect(await csv('1\n"x"\ntrue')).toBe('value\n1\nx\ntrue\n');
  });

  it('requires a line break between JSON Lines values', async () => {
    const error = await failure('{"a":1} {"a":2}');
    expect(error.code).toBe('JSON_SYNTAX');
    expect(error.column).toBe(9);
  });

  it('finds the records array inside an object and reports its path', async () => {
    const notices: Notice[] = [];
    const input = '{"meta":{"count":2,"list":[1,2]},"data":{"items":[{"id":1},{"id":2}],"next":null},"ok":true}';
    expect(await csv(input, { onNotice: (n) => notices.push(n) })).toBe('id\n1\n2\n');
    expect(notices).toContainEqual({ kind: 'records-path', path: 'data.items' });
  });

  it('follows an explicit records path, whatever the elements are', async () => {
    expect(await csv('{"a":{"rows":[1,2]},"b":[{"x":1}]}', { recordsPath: 'a.rows' })).toBe('value\n1\n2\n');
    expect((await failure('{"a":{"rows":[1]}}', { recordsPath: 'a.cols' })).code).toBe('RECORDS_PATH_NOT_FOUND');
    expect((await failure('{"a":{"rows":1}}', { recordsPath: 'a.rows' })).code).toBe('RECORDS_PATH_NOT_FOUND');
    expect((await failure('[{"a":1}]', { recordsPath: 'a' })).code).toBe('RECORDS_PATH_NOT_FOUND');
  });

  it('follows a records path whose keys hold dots, escaped with a backslash', async () => {
    const input = '{"data.v2":{"items":[{"id":1}]},"data":{"v2":{"items":[{"id":2}]}},"a\\\\b":{"c":[{"id":3}]}}';
    expect(await csv(input, { recordsPath: String.raw`data\.v2.items` })).toBe('id\n1\n');
    expect(await csv(input, { recordsPath: 'data.v2.items' })).toBe('id\n2\n');
    expect(await csv(input, { recordsPath: String.raw`a\b.c` })).toBe('id\n3\n');
    expect(await csv(input, { recordsPath: String.raw`a\\b.c` })).toBe('id\n3\n');
    // An object at the path is a map of records: one row per member, its key in a column.
    expect(await csv(input, { recordsPath: String.raw`data\.v2` })).toBe('key,value.0.id\nitems,1\n');
    const error = await failure('{"data.v2":{"items":1}}', { recordsPath: String.raw`data\.v2.items` });
    expect(error.code).toBe('RECORDS_PATH_NOT_FOUND');
    expect(error.message).toBe(String.raw`"data\.v2.items" is not an array or an object`);
  });

  it('reports a found records path with its dots escaped, ready for recordsPath', async () => {
    const notices: Notice[] = [];
    const input = '{"meta":1,"data.v2":{"items":[{"id":1}]}}';
    expect(await csv(input, { onNotice: (n) => notices.push(n) })).toBe('id\n1\n');
    expect(notices).toContainEqual({ kind: 'records-path', path: String.raw`data\.v2.items` });
  });

  it('validates the wrapper around the records array', async () => {
    const error = await failure('{"items":[{"a":1}],"after":[1,}');
    expect(error.code).toBe('JSON_SYNTAX');
    expect(error.column).toBe(31);
  });

  it('treats an object without an array of objects as one row', async () => {
    expect(await csv('{"name":"x","tags":["a","b"],"empty":[]}')).toBe('name,tags.0,tags.1,empty\nx,a,b,[]\n');
  });

  it('reads an array of arrays with the first row as header', async () => {
    expect(await csv('[["id","name"],[1,"a"],[2,"b",true],"lone",[[1,2],{"k":"v"}],[]]')).toBe(
      'id,name,2\n1,a,\n2,b,true\nlone,,\n"[1,2]","{""k"":""v""}",\n,,\n',
    );
  });

  it('reads an array of scalars and a lone scalar into a value column', async () => {
    expect(await csv('[1,"two",null,false,{"value":5}]')).toBe('value\n1\ntwo\n\nfalse\n5\n');
    expect(await csv(' 42 ')).toBe('value\n42\n');
    expect(await csv('"text"')).toBe('value\ntext\n');
    expect(await csv('null')).toBe('value\n\n');
  });

  it('gives empty output for [] and for records without any key', async () => {
    expect(await csv('[]')).toBe('');
    expect(await csv('[{}]')).toBe('');
    expect(await csv('[{}, {"a":1}]')).toBe('a\n\n1\n');
  });

  it('rejects empty and whitespace-only input', async () => {
    expect((await failure('')).code).toBe('EMPTY_INPUT');
    expect((await failure(' \n\t ')).code).toBe('EMPTY_INPUT');
    expect((await failure(new Uint8Array([0xef, 0xbb, 0xbf]))).code).toBe('EMPTY_INPUT');
  });
});

describe('encodings', () => {
  it('drops a UTF-8 byte order mark', async () => {
    expect(await csv(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('[{"a":"é"}]')]))).toBe('a\né\n');
  });

  it('transcodes UTF-16 with a byte order mark', async () => {
    const text = '[{"名":"😀 é"}]';
    const le = new Uint8Array(2 + text.length * 2);
    const be = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    be.set([0xfe, 0xff]);
    for (let k = 0; k < text.length; k++) {
      const unit = text.charCodeAt(k);
      le[2 + 2 * k] = unit & 0xff;
      le[3 + 2 * k] = unit >> 8;
      be[2 + 2 * k] = unit >> 8;
      be[3 + 2 * k] = unit & 0xff;
    }
    const notices: Notice[] = [];
    expect(await csv(le, { onNotice: (n) => notices.push(n) })).toBe('名\n😀 é\n');
    expect(notices).toContainEqual({ kind: 'encoding', encoding: 'utf-16le' });
    expect(await csv(be)).toBe('名\n😀 é\n');
  });

  it('rejects an unpaired surrogate in UTF-16 input', async () => {
    expect((await failure(new Uint8Array([0xff, 0xfe, 0x31, 0x00, 0x00, 0xd8]))).code).toBe('INVALID_UTF8');
  });

  it('rejects invalid UTF-8 with its position', async () => {
    const bytes = new Uint8Array([...encoder.encode('[{"a":"ok"},\n{"a":"b'), 0xc3, 0x28, ...encoder.encode('"}]')]);
    const error = await failure(bytes);
    expect(error).toMatchObject({ code: 'INVALID_UTF8', line: 2, column: 8, record: 2, offset: 20 });
    expect((await failure(new Uint8Array([0x5b, 0xe9, 0x5d]))).code).toBe('INVALID_UTF8');
  });

  it('gives the same output and the same errors with the platform UTF-8 check, however the input is cut', async () => {
    const text = fc.array(
      fc.oneof(
        fc.constantFrom(...encoder.encode('a1,;|"\\')),
        fc.constantFrom(...encoder.encode('é€😀')),
        fc.constantFrom(0x80, 0xc3, 0xe2, 0xf0, 0xff),
      ),
      { maxLength: 40 },
    );
    const outcome = async (chunks: Uint8Array[], options: JsonToCsvOptions) =>
      collect(chunks, options).then(
        (bytes) => Array.from(bytes).join(' '),
        (error: unknown) => JSON.stringify(error),
      );
    await fc.assert(
      fc.asyncProperty(text, fc.integer({ min: 1, max: 50 }), async (bytes, seed) => {
        const input = new Uint8Array([...encoder.encode('[{"a":"é"},{"a":"'), ...bytes, ...encoder.encode('"}]')]);
        const chunks = split(input, 'random', seed);
        expect(await outcome(chunks, { isUtf8 })).toBe(await outcome(chunks, {}));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('exact values', () => {
  it('copies numbers byte for byte', async () => {
    const input =
      '[{"n":12345678901234567890},{"n":0.1000000000000000055},{"n":1e400},{"n":-0},{"n":1E-999},{"n":-1.5e+3}]';
    expect(await csv(input)).toBe('n\n12345678901234567890\n0.1000000000000000055\n1e400\n-0\n1E-999\n-1.5e+3\n');
  });

  it('decodes escapes to exact code points', async () => {
    const input = String.raw`[{"s":"a\"b\\c\/d\b\f\n\r\t\u00e9\u6771\ud83d\ude00\u0000"}]`;
    expect(await csv(input)).toBe('s\n"a""b\\c/d\b\f\n\r\té東😀\u0000"\n');
  });

  it('writes a lone surrogate escape as U+FFFD', async () => {
    expect(await csv(String.raw`["\ud800x","\udc00","\ud800\u0041"]`)).toBe('value\n\ufffdx\n\ufffd\n\ufffdA\n');
  });

  it('says which strings held a lone surrogate escape, once each however the input is cut, in CSV and XLSX', async () => {
    const input = encoder.encode(
      String.raw`[{"s":"a\ud800b","t":"x\udc00","u":"\ud83d\ude00 pair","v":"\ufffd itself"},{"s":"ok","t":"\ud83dz"}]`,
    );
    await expectLoneSurrogates(input, [
      {
        kind: 'lone-surrogates',
        cells: 3,
        examples: [
          { column: 's', value: String.raw`a\ud800b` },
          { column: 't', value: String.raw`x\udc00` },
        ],
      },
    ]);
    const none: Notice[] = [];
    await collect([encoder.encode(String.raw`["\ud83d\ude00","\ufffd"]`)], { onNotice: (notice) => none.push(notice) });
    expect(none.some((notice) => notice.kind === 'lone-surrogates')).toBe(false);
  });

  it('says which keys held a lone surrogate escape, written as U+FFFD in their column names, once each', async () => {
    const input = encoder.encode(
      String.raw`[{"a\ud800b":{"x":1},"q\ufffd":2,"\ud83d\ude00":3},{"q\ufffd":4,"a\ud800b":{"x":5},"k\udc00":"v\udc00"}]`,
    );
    await expectLoneSurrogates(input, [
      {
        kind: 'lone-surrogates',
        cells: 3,
        examples: [
          { column: 'a\ufffdb.x', value: String.raw`a\ud800b` },
          { column: 'k\ufffd', value: String.raw`k\udc00` },
        ],
      },
    ]);
    expect(await csv(String.raw`[{"a\ud800b":{"x":1},"q\ufffd":2}]`)).toBe('a\ufffdb.x,q\ufffd\n1,2\n');
  });

  it('says which arrays joined into one cell held a lone surrogate escape, once per cell', async () => {
    const input = encoder.encode(String.raw`[{"t":["a\ud800","b\udc00"],"u":["\ud83d\ude00","\ufffd"]},{"t":["ok"]}]`);
    await expectLoneSurrogates(
      input,
      [{ kind: 'lone-surrogates', cells: 1, examples: [{ column: 't', value: String.raw`a\ud800` }] }],
      { arrays: 'join' },
    );
    expect(await csv(String.raw`[{"t":["a\ud800","b"]}]`, { arrays: 'join' })).toBe('t\n"a\ufffd; b"\n');
  });

  it('writes null as an empty cell, "" quoted, booleans as words', async () => {
    expect(await csv('[{"a":null,"b":"","c":true,"d":false}]')).toBe('a,b,c,d\n,"",true,false\n');
  });
});

describe('quoting', () => {
  it('quotes strings that would read back as something else', async () => {
    const input =
      '[{"a":"007","b":"1e5","c":"true","d":"false","e":"[x","f":"{","g":"-1","h":"null","i":"1,000","j":" 12"}]';
    expect(await csv(input)).toBe('a,b,c,d,e,f,g,h,i,j\n007,"1e5","true","false","[x","{","-1",null,"1,000", 12\n');
  });

  it('quotes delimiters, quotes and line breaks, doubling quotes', async () => {
    expect(await csv(String.raw`[{"a":"x,y","b":"say \"hi\"","c":"l1\nl2","d":"cr\r"}]`)).toBe(
      'a,b,c,d\n"x,y","say ""hi""","l1\nl2","cr\r"\n',
    );
  });

  it('quotes numbers only when the delimiter occurs in them', async () => {
    expect(await csv('[{"a":1.5,"b":"x.y","c":2}]', { delimiter: '.' })).toBe('a.b.c\n"1.5"."x.y".2\n');
  });

  it('quotes text holding a delimiter csv2json could sniff', async () => {
    expect(await csv(String.raw`[{"|":"a;b","t":"x\ty","p":"1|2","s":"a\u003bb"}]`)).toBe(
      '"|",t,p,s\n"a;b","x\ty","1|2","a;b"\n',
    );
  });

  it('handles a delimiter written as an escape or outside ASCII', async () => {
    expect(await csv(String.raw`[{"a":"x\u002cy"}]`)).toBe('a\n"x,y"\n');
    expect(await csv('[{"a":"x§y","b":1}]', { delimiter: '§' })).toBe('a§b\n"x§y"§1\n');
  });

  it('guards formulas with excelSafe, numbers and phone numbers excepted', async () => {
    const input = String.raw`[{"a":"=SUM(A1)","b":"+1","c":"-x","d":"@me","e":"\tx","f":"\rx","g":-5,"h":"ok","i":"+49 30 1234567","j":"-12.5","k":"'=x"}]`;
    expect(await csv(input, { excelSafe: true })).toBe(
      `a,b,c,d,e,f,g,h,i,j,k\n'=SUM(A1),+1,'-x,'@me,"'\tx","'\rx",-5,ok,+49 30 1234567,"-12.5",''=x\n`,
    );
  });

  it('reports how many cells the guard changed, with the first two by column and text', async () => {
    const notices: Notice[] = [];
    const input = String.raw`[{"id":1,"phone":"+49 30 1","f":"=SUM(A1)"},{"id":2,"phone":"-abc","f":"ok"},{"id":3,"phone":"@x","f":"=\"q\""}]`;
    await csv(input, { excelSafe: true, onNotice: (notice) => notices.push(notice) });
    expect(notices.find((notice) => notice.kind === 'formula-guard')).toEqual({
      kind: 'formula-guard',
      cells: 4,
      examples: [
        { column: 'f', value: '=SUM(A1)' },
        { column: 'phone', value: '-abc' },
      ],
    });
    const none: Notice[] = [];
    await csv(input, { onNotice: (notice) => none.push(notice) });
    expect(none.some((notice) => notice.kind === 'formula-guard')).toBe(false);
  });

  it('counts a guarded cell once when its record is read again because a chunk ended inside it', async () => {
    const input = encoder.encode(JSON.stringify([{ a: '=1+1', b: 'x'.repeat(50), c: '=2' }, { a: '=3' }]));
    for (const mode of ['whole', 'bytes', 'random'] as const) {
      const notices: Notice[] = [];
      await collect(split(input, mode), { excelSafe: true, onNotice: (notice) => notices.push(notice) });
      expect(
        notices.find((notice) => notice.kind === 'formula-guard'),
        mode,
      ).toEqual({
        kind: 'formula-guard',
        cells: 3,
        examples: [
          { column: 'a', value: '=1+1' },
          { column: 'c', value: '=2' },
        ],
      });
    }
  });

  it('counts guarded header cells too, and shows a guarded text with its quotes', async () => {
    const notices: Notice[] = [];
    await csv('[{"=a":"=\\"x\\""}]', { excelSafe: true, onNotice: (notice) => notices.push(notice) });
    expect(notices.find((notice) => notice.kind === 'formula-guard')).toEqual({
      kind: 'formula-guard',
      cells: 2,
      examples: [
        { column: '=a', value: '="x"' },
        { column: '=a', value: '=a' },
      ],
    });
  });

  it('guards header cells with excelSafe, since they come from keys', async () => {
    const input = String.raw`[{"=HYPERLINK(\"http://x\",\"y\")":1,"+a":2,"-b":{"c":3},"@d":4,"\tt":5,"a=b":6}]`;
    expect(await csv(input, { excelSafe: true })).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",'+a,'-b.c,'@d,"'\tt",a=b\n1,2,3,4,5,6\n`,
    );
    expect(await csv('[{"-1":1}]', { excelSafe: true })).toBe('-1\n1\n');
    expect(await csv(input)).toBe(`"=HYPERLINK(""http://x"",""y"")",+a,-b.c,@d,"\tt",a=b\n1,2,3,4,5,6\n`);
  });

  it('leaves XLSX header cells unguarded: they are text, never formulas', async () => {
    const sheet = new TextDecoder().decode(
      unzipSync(await collect([encoder.encode('[{"=a":"=b"}]')], { format: 'xlsx', excelSafe: true }))[
        'xl/worksheets/sheet1.xml'
      ],
    );
    expect(sheet).toContain('<t xml:space="preserve">=a</t>');
    expect(sheet).toContain('<t xml:space="preserve">=b</t>');
  });
});

describe('output options', () => {
  const input = '[{"a":1,"b":"x y"},{"a":2,"c":"p\\tq"}]';

  it('writes CRLF line endings and a BOM', async () => {
    expect(await csv(input, { eol: 'crlf', bom: true })).toBe('\ufeffa,b,c\r\n1,x y,\r\n2,,"p\tq"\r\n');
  });

  it('writes TSV with the same quoting rules', async () => {
    expect(await csv(input, { format: 'tsv' })).toBe('a\tb\tc\n1\tx y\t\n2\t\t"p\tq"\n');
  });

  it('rejects bad options before reading', () => {
    expect(() => jsonToCsv([], { arrays: 'zip' as 'json' })).toThrow(ConversionError);
    expect(() => jsonToCsv([], { maxDepth: 0 })).toThrow(/maxDepth/);
  });

  it('reports progress and a summary', async () => {
    const progress: number[] = [];
    const notices: Notice[] = [];
    const chunks = split(encoder.encode('[{"a":1},{"b":2},{"a":3}]'), 'random');
    await collect(chunks, { onProgress: (n) => progress.push(n), onNotice: (n) => notices.push(n) });
    expect(progress.length).toBe(chunks.length);
    expect(progress.at(-1)).toBe(25);
    expect(notices.at(-1)).toEqual({ kind: 'summary', records: 3, columns: 2 });
    const rows: Notice[] = [];
    await collect([encoder.encode('[["h"],[1],[2]]')], { onNotice: (n) => rows.push(n) });
    expect(rows).toEqual([{ kind: 'summary', records: 2, columns: 1 }]);
  });

  it('keeps jsonToCsvText for text formats', async () => {
    expect(await jsonToCsvText('[{"a":1}]', { format: 'tsv' })).toBe('a\n1\n');
    await expect(jsonToCsvText('[{"a":1}]', { format: 'xlsx' })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });
});

describe('header union', () => {
  it('adds late keys at the end and pads the earlier rows', async () => {
    const input = '[{"a":1},{"a":"two\\nlines","b":2},{"c":"x,\\"y\\"\\n"},{"a":4}]';
    expect(await csv(input)).toBe('a,b,c\n1,,\n"two\nlines",2,\n,,"x,""y""\n"\n4,,\n');
    expect(await csv(input, { eol: 'crlf' })).toBe('a,b,c\r\n1,,\r\n"two\nlines",2,\r\n,,"x,""y""\n"\r\n4,,\r\n');
  });

  it('pads rows spooled in many chunks', async () => {
    const records = Array.from({ length: 30_000 }, (_, k) =>
      k === 29_999 ? '{"late":"z"}' : `{"id":${k},"t":"q\\"\\n${k}"}`,
    );
    const out = await jsonToCsvText(`[${records.join(',')}]`);
    const lines = out.split('\n');
    expect(lines[0]).toBe('id,t,late');
    expect(lines[1]).toBe('0,"q""');
    expect(lines[2]).toBe('0",');
    expect(lines.at(-2)).toBe(',,z');
    expect(out.length).toBeGreaterThan(300_000);
  });

  it('keeps the last of duplicated keys and treats __proto__ as a key', async () => {
    expect(await csv('[{"a":1,"b":2,"a":3}]')).toBe('a,b\n3,2\n');
    expect(await csv('[{"__proto__":{"x":1},"constructor":"c","toString":2}]')).toBe(
      '__proto__.x,constructor,toString\n1,c,2\n',
    );
  });

  it('escapes keys holding the separator and nested keys that look like indexes', async () => {
    expect(await csv('[{"a.b":1,"c":{"0":2,"d\\\\e":3}}]')).toBe('a\\.b,c.\\0,c.d\\\\e\n1,2,3\n');
    expect(await csv('[{"a/b":1,"c":{"d":2}}]', { separator: '/' })).toBe('a\\/b,c/d\n1,2\n');
  });

  it('writes cells in header order whatever the key order', async () => {
    expect(await csv('[{"a":1,"b":2,"c":3},{"c":"z","a":"x"},{"b":{"k":1},"a":0}]')).toBe(
      'a,b,c,b.k\n1,2,3,\nx,,z,\n0,,,1\n',
    );
  });

  it('keeps the in-order start of a row and places later cells, duplicated keys included', async () => {
    const records = [
      '{"a":1,"b":2,"c":3,"d":4}',
      '{"a":1,"c":3,"b":2,"d":4}',
      '{"a":1,"d":4,"c":3}',
      '{"a":1,"c":3,"b":2,"c":5,"d":4}',
      '{"a":"x","b":"y","d":"w","c":"z","a":"v"}',
      '{"b":1,"a":2,"b":3}',
    ];
    expect(await csv(`[${records.join(',')}]`)).toBe('a,b,c,d\n1,2,3,4\n1,2,3,4\n1,,3,4\n1,2,5,4\nv,y,z,w\n2,3,,\n');
    // A two-byte delimiter: the block ends are counted in bytes.
    expect(await csv(`[${records.join(',')}]`, { delimiter: '¦' })).toBe(
      'a¦b¦c¦d\n1¦2¦3¦4\n1¦2¦3¦4\n1¦¦3¦4\n1¦2¦5¦4\nv¦y¦z¦w\n2¦3¦¦\n',
    );
  });
});

describe('array strategies', () => {
  const input = '[{"id":1,"tags":["x","y"],"o":[{"n":1},{"n":2.50}],"e":[],"m":{}}]';

  it('index: one column per position, empty containers as [] and {}', async () => {
    expect(await csv(input)).toBe('id,tags.0,tags.1,o.0.n,o.1.n,e,m\n1,x,y,1,2.50,[],{}\n');
  });

  it('json: the array as minified JSON text, numbers exact', async () => {
    expect(await csv('[{"a":[1, 2.50, "x,y", {"k": [true, null]}],"e":[]}]', { arrays: 'json' })).toBe(
      'a,e\n"[1,2.50,""x,y"",{""k"":[true,null]}]",[]\n',
    );
  });

  it('join: scalars joined with "; ", containers as JSON text', async () => {
    expect(await csv('[{"a":["x",1,true,null,[2],{"k":"v"}],"b":["5"],"e":[]}]', { arrays: 'join' })).toBe(
      'a,b,e\n"x; 1; true; ; [2]; {""k"":""v""}","5",[]\n',
    );
  });

  it('explode: one row per element of the first array of objects', async () => {
    const records =
      '[{"id":1,"tags":["a"],"orders":[{"sku":"A","q":1},{"sku":"B","x":{"y":2}}],"after":"z"},{"id":2,"orders":[]}]';
    expect(await csv(records, { arrays: 'explode' })).toBe(
      'id,tags.0,orders.sku,orders.q,orders.x.y,after,orders\n1,a,A,1,,z,\n1,a,B,,2,z,\n2,,,,,,[]\n',
    );
  });

  it('explode: only the first array of objects, depth-first', async () => {
    expect(await csv('[{"a":{"b":[{"c":1},{"c":2}]},"d":[{"e":3}]}]', { arrays: 'explode' })).toBe(
      'a.b.c,d.0.e\n1,3\n2,3\n',
    );
  });
});

describe('errors', () => {
  it('names line, column, offset and record', async () => {
    const error = await failure('[{"a":1},\n {"a":}]');
    expect(error).toMatchObject({ code: 'JSON_SYNTAX', line: 2, column: 7, record: 2, offset: 16 });
    expect(error.describe()).toBe("Unexpected '}', expected a value (line 2, column 7, record 2)");
  });

  it('reports truncated input where it ends', async () => {
    const error = await failure('[{"a":1},\n{"a":"x');
    expect(error).toMatchObject({ code: 'JSON_TRUNCATED', line: 2, column: 8, record: 2 });
    expect((await failure('{"a":[1,2')).code).toBe('JSON_TRUNCATED');
    expect((await failure('[1')).code).toBe('JSON_TRUNCATED');
    expect((await failure('-')).code).toBe('JSON_TRUNCATED');
  });

  it('rejects trailing commas, comments and garbage', async () => {
    for (const input of ['[1,]', '{"a":1,}', '[1] x', '[1]]', '{"a":1}/**/', '[01]', '["a\tb"]', "['a']", '[NaN]']) {
      expect((await failure(input)).code, input).toBe('JSON_SYNTAX');
    }
  });

  // How long these large inputs take is measured by bench/edge-cases.mjs; the tests check what they give.
  it('fails cleanly on deep nesting, at the first level too deep', async () => {
    const error = await collect([encoder.encode('['.repeat(100_000))]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'JSON_TOO_DEEP', column: 1001 });
    const objects = '{"a":'.repeat(2000);
    expect(await collect([encoder.encode(objects)]).catch((e: unknown) => e)).toMatchObject({ code: 'JSON_TOO_DEEP' });
  });

  it('accepts nesting up to maxDepth', async () => {
    expect(await csv('[{"a":{"b":1}}]', { maxDepth: 3 })).toBe('a.b\n1\n');
    expect((await failure('[{"a":{"b":[1]}}]', { maxDepth: 3 })).code).toBe('JSON_TOO_DEEP');
    expect((await failure('[{"a":{"b":[1]}}]', { maxDepth: 3, arrays: 'json' })).code).toBe('JSON_TOO_DEEP');
    // The outer array holds one row, the header, whose one cell is the 997-deep rest as JSON text.
    const deep = `${'['.repeat(999)}${']'.repeat(999)}`;
    expect(await jsonToCsvText(deep)).toBe(`${'['.repeat(997)}${']'.repeat(997)}\n`);
  });
});
