import { describe, expect, it } from 'vitest';
import { DocumentReader, type RecordSink, type RecordsForm } from './document-reader.js';
import { skipValue } from './skip-value.js';

interface Seen {
  form: RecordsForm | null;
  records: { text: string; depth: number }[];
  paths: string[];
}

/** Reads a document with a sink that records each record's text, in chunks of `size` bytes. */
function read(text: string, size: number, recordsPath: string[] | null = null): Seen {
  const seen: Seen = { form: null, records: [], paths: [] };
  let reader: DocumentReader | null = null;
  const sink: RecordSink = {
    begin: (form) => {
      seen.form = form;
    },
    record: (buf, i, end, depth) => {
      const e = skipValue(buf, i, end, depth, 1000, (reader as DocumentReader).cursor);
      if (e >= 0) seen.records.push({ text: new TextDecoder().decode(buf.subarray(i, e)), depth });
      return e;
    },
  };
  reader = new DocumentReader(sink, { recordsPath, maxDepth: 1000, onRecordsPath: (p) => seen.paths.push(p) });
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.slice(at, at + size));
  reader.finish();
  return seen;
}

describe('DocumentReader', () => {
  for (const size of [1, 3, 1 << 20]) {
    it(`finds the records of each form (chunks of ${size})`, () => {
      expect(read(' [ {"a":1} , 2 ] ', size)).toMatchObject({
        form: 'records',
        records: [{ text: '{"a":1}', depth: 1 }, { text: '2' }],
      });
      expect(read('[["h"],[1]]', size)).toMatchObject({ form: 'rows', records: [{ text: '["h"]' }, { text: '[1]' }] });
      expect(read('{"a":1}\n{"a":2}', size).records.map((r) => r.text)).toEqual(['{"a":1}', '{"a":2}']);
      expect(read('{"x":{"y":[{"a":1}]},"z":0}', size)).toMatchObject({
        paths: ['x.y'],
        records: [{ text: '{"a":1}', depth: 3 }],
      });
      expect(read('{"a":[1],"b":{}}', size).records).toEqual([{ text: '{"a":[1],"b":{}}', depth: 0 }]);
      expect(read('"s"', size).records).toEqual([{ text: '"s"', depth: 0 }]);
    });
  }

  it('descends three object levels at most when detecting', () => {
    expect(read('{"a":{"b":{"c":[{"x":1}]}}}', 5).paths).toEqual(['a.b.c']);
    expect(read('{"a":{"b":{"c":{"d":[{"x":1}]}}}}', 5).paths).toEqual([]);
    expect(read('{"a":[1,{"x":1}],"b":[{"y":2}]}', 5).paths).toEqual(['b']);
  });

  it('follows a given path and counts records', () => {
    const seen = read('{"a":[{"x":1}],"b":{"c":[3,4]}}', 2, ['b', 'c']);
    expect(seen.records.map((r) => r.text)).toEqual(['3', '4']);
    expect(seen.paths).toEqual([]);
  });

  it('streams a huge top-level object as a wrapper instead of reading it whole first', () => {
    const pad = 'x'.repeat(9 << 20);
    const seen = read(`{"pad":"${pad}","items":[{"a":1},{"a":2}]}`, 1 << 16);
    expect(seen.paths).toEqual(['items']);
    expect(seen.records.length).toBe(2);
    const single = read(`{"pad":"${pad}","n":1}`, 1 << 16);
    expect(single.records.length).toBe(1);
  });

  it('counts lines for positions across chunks', () => {
    expect(() => read('[\n1,\n\n  2 x]', 1)).toThrow(expect.objectContaining({ line: 4, column: 5, record: 2 }));
  });
});
