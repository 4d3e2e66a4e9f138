import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { jsonToCsvText } from '../json-to-csv.js';
import { DocumentReader, type RecordSink } from './document-reader.js';
import { chooseRecordSet, findRecordSets } from './record-sets.js';
import { parseRecordsPath } from './records-path.js';
import { skipValue } from './skip-value.js';

const encoder = new TextEncoder();

/** Reads a document in chunks of `size` bytes with a sink that only skips records; returns the reader. */
function read(
  text: string,
  size: number,
  recordsPath: string[] | null = null,
): { reader: DocumentReader; path: string | null } {
  let path: string | null = null;
  let reader: DocumentReader | null = null;
  const sink: RecordSink = {
    begin: () => {},
    record: (buf, i, end, depth) => skipValue(buf, i, end, depth, 1000, (reader as DocumentReader).cursor),
  };
  reader = new DocumentReader(sink, {
    recordsPath,
    maxDepth: 1000,
    onRecordsPath: (found) => {
      path = found;
    },
  });
  const bytes = encoder.encode(text);
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.slice(at, at + size));
  reader.finish();
  return { reader, path };
}

function sets(text: string) {
  const bytes = encoder.encode(text);
  return findRecordSets(bytes, 0, bytes.length);
}

describe('findRecordSets and chooseRecordSet', () => {
  it('finds arrays of objects and maps of similar objects, outer before inner', () => {
    const found = sets('{"n":1,"a":[{"x":1},{"x":2}],"m":{"k1":{"v":1,"l":[{"y":1}]},"k2":{"v":2}},"s":[1,2]}');
    expect(found).toEqual([
      { keys: ['a'], map: false, count: 2, bytes: 17 },
      { keys: ['m'], map: true, count: 2, bytes: 41 },
      { keys: ['m', 'k1', 'l'], map: false, count: 1, bytes: 9 },
    ]);
  });

  it('takes objects that share no key for a wrapper, not a map', () => {
    expect(sets('{"meta":{"page":1},"data":{"items":[{"x":1}]}}')).toEqual([
      { keys: ['data', 'items'], map: false, count: 1, bytes: 9 },
    ]);
  });

  it('reads the top-level object as a map only when it has many members that look alike', () => {
    const members = (n: number) => Array.from({ length: n }, (_, k) => `"t${k}":{"source":"iana","n":${k}}`).join(',');
    expect(sets(`{${members(9)}}`)).toEqual([]);
    expect(sets(`{${members(10)}}`)).toEqual([{ keys: [], map: true, count: 10, bytes: `{${members(10)}}`.length }]);
  });

  it('chooses the largest set, and names the rivals when another holds a quarter of its bytes or more', () => {
    const a = { keys: ['tags'], map: false, count: 49, bytes: 1000 };
    const b = { keys: ['paths'], map: true, count: 811, bytes: 100_000 };
    const inner = { keys: ['paths', 'x', 'l'], map: false, count: 3, bytes: 90_000 };
    expect(chooseRecordSet([])).toEqual({ kind: 'none' });
    expect(chooseRecordSet([a, b, inner])).toEqual({ kind: 'chosen', set: b });
    const c = { keys: ['components', 'schemas'], map: true, count: 300, bytes: 25_000 };
    expect(chooseRecordSet([a, b, inner, c])).toEqual({ kind: 'ambiguous', sets: [b, c] });
  });
});

describe('DocumentReader: records chosen by what the document holds', () => {
  it('takes a map of features under `data` over a small list met first, and lists what it leaves out', () => {
    const feature = (k: number) =>
      `"f${k}":{"title":"Feature ${k}","links":[{"url":"u${k}"}],"stats":{"ie":{"6":"n","7":"y"}}}`;
    const data = `{${Array.from({ length: 30 }, (_, k) => feature(k)).join(',')}}`;
    const doc = `{"agents":{"ie":{"versions":[{"v":"6"}]}},"updated":17,"data":${data}}`;
    for (const size of [1, 7, 1 << 20]) {
      const { reader, path } = read(doc, size);
      expect(path).toBe('data');
      expect(reader.records).toBe(30);
      expect(reader.recordsBytes).toBe(data.length);
      expect(reader.leftOut).toEqual([
        { path: 'agents', bytes: '{"ie":{"versions":[{"v":"6"}]}}'.length, values: 0 },
        { path: 'updated', bytes: 2, values: 0 },
      ]);
    }
  });

  it('refuses two plausible record sets, naming each with its size', () => {
    const list = (n: number, key: string) => `[${Array.from({ length: n }, (_, k) => `{"${key}":${k}}`).join(',')}]`;
    const doc = `{"data":${list(50, 'id')},"included":${list(40, 'name')}}`;
    expect(() => read(doc, 5)).toThrow(
      expect.objectContaining({
        code: 'RECORDS_AMBIGUOUS',
        message:
          'Several record sets: data (50 records, 491 B), included (40 records, 471 B); choose one with a records path (--records)',
      }),
    );
    expect(read(doc, 5, ['included']).reader.records).toBe(40);
  });

  it('in a document too big to survey first, converts the first list but fails at the end on a bigger one left out', () => {
    const big = `[${Array.from({ length: 300_000 }, (_, k) => `{"id":${k},"name":"name ${k}"}`).join(',')}]`;
    const doc = `{"tags":[{"name":"t"}],"paths":${big}}`;
    expect(doc.length).toBeGreaterThan(8 << 20);
    let failure: unknown;
    try {
      read(doc, 1 << 16);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ConversionError);
    expect((failure as ConversionError).message).toMatch(
      /^Several record sets: tags \(1 record, 14 B\), paths \(300,000 records, \d+\.\d MB\); choose one/,
    );
    // A small list left out beside a big one converted is only reported.
    const fine = read(`{"paths":${big},"tags":[{"name":"t"}]}`, 1 << 16);
    expect(fine.path).toBe('paths');
    expect(fine.reader.leftOut).toEqual([{ path: 'tags', bytes: 14, values: 0 }]);
  });

  it('reads a top-level map of records with the path `.`, and reports its position, never a negative column', async () => {
    const doc = `{\n${Array.from({ length: 12 }, (_, k) => `"type/${k}":{"source":"iana","extensions":["e${k}"]}`).join(',\n')}\n}`;
    const csv = await jsonToCsvText(doc, { recordsPath: '.' });
    expect(csv.split('\n')[0]).toBe('key,source,extensions.0');
    expect(csv.split('\n')[1]).toBe('type/0,iana,e0');
    expect(await jsonToCsvText(doc)).toBe(csv);
    await expect(jsonToCsvText(doc, { recordsPath: 'missing' })).rejects.toMatchObject({
      code: 'RECORDS_PATH_NOT_FOUND',
      line: 1,
      column: 1,
    });
  });
});

/** A JSON value without container values at the top (the generated wrapper members). */
const member = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), { maxLength: 4 }),
);
const wrapper = fc.dictionary(fc.string({ maxLength: 4 }), member, { maxKeys: 4 });

/** Bytes of the compact wrapper text around the records: braces, commas, and every key with its colon. */
function wrapperBytes(doc: Record<string, unknown>, keys: readonly string[]): number {
  let bytes = 0;
  let level: unknown = doc;
  for (const key of keys) {
    const members = Object.keys(level as Record<string, unknown>);
    bytes += 2 + (members.length - 1) + members.reduce((sum, name) => sum + JSON.stringify(name).length + 1, 0);
    level = (level as Record<string, unknown>)[key];
  }
  return bytes;
}

describe('what a conversion converts and what it leaves out account for the input', () => {
  it('records bytes + left-out bytes + the wrapper text around them = the input, for any document', () => {
    fc.assert(
      fc.property(wrapper, wrapper, fc.integer({ min: 1, max: 64 }), (outer, inner, size) => {
        const doc = { ...outer, inner: { ...inner } } as Record<string, unknown>;
        const text = JSON.stringify(doc);
        let found: ReturnType<typeof read>;
        try {
          found = read(text, size);
        } catch (error) {
          // Two plausible record sets: refused, never converted in part.
          expect(error).toMatchObject({ code: 'RECORDS_AMBIGUOUS' });
          return;
        }
        const { reader, path } = found;
        // Records under empty keys only ("", or "" in "") have no path of their own: written `` and `.`, the top
        // level's names (docs/records.md), so the path cannot say which keys to count here.
        if ((path === '' || path === '.') && '' in doc) return;
        const keys = path === null || path === '.' ? [] : parseRecordsPath(path);
        const leftOut = reader.leftOut.reduce((sum, part) => sum + part.bytes, 0);
        expect(leftOut).toBe(reader.leftOutBytes);
        expect(reader.recordsBytes + leftOut + wrapperBytes(doc, keys)).toBe(encoder.encode(text).length);
        // Each part is a member beside the path, whole.
        for (const part of reader.leftOut) {
          const partKeys = parseRecordsPath(part.path);
          const value = partKeys.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], doc);
          expect(part.bytes).toBe(encoder.encode(JSON.stringify(value)).length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
