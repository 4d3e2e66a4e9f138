import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatBytes, type Notice } from '../byte-source.js';
import { csvToJson } from '../csv-to-json.js';
import { OutputBuffer } from '../json-out/output-buffer.js';
import type { CsvToJsonOptions } from '../options.js';
import { Utf8Trust } from '../utf8/utf8-trust.js';
import { FlatRecordWriter } from './flat-record-writer.js';

const encoder = new TextEncoder();

function writer(
  typed = true,
  guarded = false,
  trust = new Utf8Trust(undefined),
): { out: OutputBuffer; flat: FlatRecordWriter } {
  const out = new OutputBuffer();
  const prefixes = ['{"a":', ',"b":'].map((prefix) => encoder.encode(prefix));
  const layout = {
    lead: encoder.encode(',\n'),
    prefixes: concatBytes(prefixes),
    prefixEnds: Int32Array.from([5, 10]),
    tail: encoder.encode('}'),
    headerStart: new Uint8Array(0),
  };
  return { out, flat: new FlatRecordWriter(out, layout, 0x2c, typed, guarded, trust) };
}

function written(out: OutputBuffer): string {
  return new TextDecoder().decode(concatBytes(out.take(0)));
}

describe('FlatRecordWriter', () => {
  it('writes whole records and types cells like the general path', () => {
    const { out, flat } = writer();
    const data = encoder.encode('1,x\n-0.5e3,true\n007,false\n,"say ""hi""\ttab"\r\n2011-10-19,é\\\n');
    expect(flat.writeRecords(data, 0, data.length)).toBe(data.length);
    expect(flat.records).toBe(5);
    expect(flat.lines).toBe(5);
    expect(written(out)).toBe(
      ',\n{"a":1,"b":"x"},\n{"a":-0.5e3,"b":true},\n{"a":"007","b":false},\n{"a":null,"b":"say \\"hi\\"\\ttab"},\n{"a":"2011-10-19","b":"é\\\\"}',
    );
  });

  it('stops before a record it must leave to the general path, and rolls that record back', () => {
    for (const rest of ['1,2,3\n', '\n', '[1],x\n', '"a"b,x\n', '1,2', '1,2\r', '1,\xff\n']) {
      const { out, flat } = writer();
      const data = concatBytes([encoder.encode('1,2\n'), Uint8Array.from(rest, (c) => c.charCodeAt(0))]);
      expect(flat.writeRecords(data, 0, data.length)).toBe(4);
      expect(flat.records).toBe(1);
      expect(written(out)).toBe(',\n{"a":1,"b":2}');
    }
  });

  it('checks the JSON number grammar while copying', () => {
    const texts = ['0', '-0', '7', '-12.50', '1e5', '1E+5', '0.0e-0', '12345678901234567890', '1e400'];
    const strings = [
      '00',
      '-',
      '+1',
      '1.',
      '.5',
      '1e',
      '1e+',
      '0x1',
      '12a',
      '1-2',
      '2011-10-19',
      '1.2.3',
      '--1',
      '-e1',
    ];
    for (const text of [...texts, ...strings]) {
      const { out, flat } = writer();
      const data = encoder.encode(`${text},${text}\n`);
      expect(flat.writeRecords(data, 0, data.length)).toBe(data.length);
      const value = texts.includes(text) ? text : `"${text}"`;
      expect(written(out)).toBe(`,\n{"a":${value},"b":${value}}`);
    }
  });

  it('counts the line breaks inside quoted cells', () => {
    const { out, flat } = writer();
    const data = encoder.encode('"a\r\nb\rc\nd",1\n');
    expect(flat.writeRecords(data, 0, data.length)).toBe(data.length);
    expect(flat.lines).toBe(4);
    expect(written(out)).toBe(',\n{"a":"a\\r\\nb\\rc\\nd","b":1}');
  });

  it('copies bytes >= 0x80 unchecked only while the UTF-8 is trusted', () => {
    const data = Uint8Array.from([...encoder.encode('1,'), 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0x0a]);
    const trust = new Utf8Trust(isUtf8);
    trust.accept(data);
    const trusted = writer(true, false, trust);
    expect(trusted.flat.writeRecords(data, 0, data.length)).toBe(data.length);
    expect(written(trusted.out)).toBe(',\n{"a":1,"b":"é€"}');
    const invalid = Uint8Array.from([...encoder.encode('1,'), 0xe2, 0x82, 0x0a]);
    expect(writer().flat.writeRecords(invalid, 0, invalid.length)).toBe(0);
  });

  it('leaves guarded formulas to the general path and writes every cell as a string without types', () => {
    const guarded = writer(true, true);
    const formula = encoder.encode("'=1,x\n");
    expect(guarded.flat.writeRecords(formula, 0, formula.length)).toBe(0);
    const untyped = writer(false);
    const data = encoder.encode(',true\n');
    expect(untyped.flat.writeRecords(data, 0, data.length)).toBe(data.length);
    expect(written(untyped.out)).toBe(',\n{"a":"","b":"true"}');
  });
});

/** Text and notices of a conversion, from the input fed in the given chunks. */
async function convert(chunks: Uint8Array[], options: CsvToJsonOptions): Promise<string> {
  const notices: Notice[] = [];
  const out: Uint8Array[] = [];
  try {
    for await (const chunk of csvToJson(chunks, { ...options, onNotice: (notice) => notices.push(notice) })) {
      out.push(chunk);
    }
  } catch (error) {
    return `error ${JSON.stringify(error)} ${String(error)}`;
  }
  return `${new TextDecoder().decode(concatBytes(out))} ${JSON.stringify(notices)}`;
}

const cell = fc.oneof(
  fc.constantFrom('', '0', '-1.5e-3', '007', '1e5x', '-', 'true', 'false', 'tru', '[1,2]', '{"a":1}', "'=1+2"),
  fc.constantFrom('""', '"a,b"', '"say ""hi"""', '"x\ny"', '"a\r\nb"', '"a"b', '"é😀"', 'a"b', 'a\\b', 'a\tb', '"[1]"'),
  fc.string({ unit: fc.constantFrom('a', '1', '.', 'é', '😀', ' ', '\\', '\t', '\u0001'), maxLength: 12 }),
);
const row = fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(','));
const csv = fc
  .tuple(fc.array(row, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
  .map(([rows, eol, last]) => `a,b,c${eol}${rows.join(eol)}${last ? eol : ''}`);

/** Cuts bytes into chunks at the given fractions of their length. */
function cutAt(bytes: Uint8Array, fractions: number[]): Uint8Array[] {
  const cuts = [...new Set(fractions.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > from) chunks.push(bytes.subarray(from, cut));
    from = Math.max(from, cut);
  }
  return chunks;
}

describe('csvToJson with the shortcut', () => {
  it('gives the same output and the same errors with the platform UTF-8 check, however the input is cut', async () => {
    const valid = encoder.encode(`a,b\n${'1,é\n'.repeat(14_000)}`);
    const bytes = fc.array(
      fc.oneof(
        fc.constantFrom(...encoder.encode('a1,"\n')),
        fc.constantFrom(...encoder.encode('é€😀')),
        fc.constantFrom(0x80, 0xc3, 0xe2, 0xf0, 0xff),
      ),
      { maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        bytes,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
        async (b, cuts) => {
          // Past the first 64 KiB, which decide the encoding (invalid UTF-8 there means Latin-1).
          const input = concatBytes([valid, Uint8Array.from(b)]);
          const chunks = cutAt(input, cuts);
          expect(await convert(chunks, { delimiter: ',', isUtf8 })).toBe(await convert(chunks, { delimiter: ',' }));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('writes what the general path writes (fed one byte at a time, no record reaches the shortcut)', async () => {
    await fc.assert(
      fc.asyncProperty(
        csv,
        fc.record({ types: fc.boolean(), excelSafe: fc.boolean(), pretty: fc.boolean(), ndjson: fc.boolean() }),
        async (text, options) => {
          const bytes = encoder.encode(text);
          const single = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
          expect(await convert([bytes], options)).toBe(await convert(single, options));
        },
      ),
      { numRuns: 500 },
    );
  });
});
