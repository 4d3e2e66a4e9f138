import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import { OutputBuffer } from '../json-out/output-buffer.js';
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
