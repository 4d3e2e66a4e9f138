import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ComparisonReport } from '../analysis/report.js';
import { jsonToCsvText } from '../json-to-csv.js';
import { jsonToRelational } from '../relational/json-to-relational.js';
import { compareRoundTrip } from './compare-round-trip.js';

const encode = (text: string) => [new TextEncoder().encode(text)];

async function roundTrip(original: string, csvFrom: string = original): Promise<ComparisonReport> {
  return compareRoundTrip(encode(original), encode(await jsonToCsvText(csvFrom)));
}

const PERFECT = {
  quality_score: 100,
  trust_score: 100,
  data_integrity: 100,
  accuracy_score: 100,
  structure_preservation: 100,
  field_mapping_accuracy: 100,
};

describe('compareRoundTrip', () => {
  it('scores a lossless round trip 100 and lists nothing', async () => {
    const json =
      '[{"id":12345678901234567890,"p":0.1000000000000000055,"s":"007","t":"1e5","n":null,"a":[1,"x"],"e":[],"o":{}}]';
    const report = await roundTrip(json);
    expect(report.scores).toEqual(PERFECT);
    expect(report).toMatchObject({ differences: [], differencesTotal: 0, recommendations: [], valueEqualityRate: 1 });
    expect(report.counts).toMatchObject({ originalValues: 9, equal: 9, originalRecords: 1, reconvertedRecords: 1 });
    expect(report.originalStructure).toBe('1 records, 9 fields, depth 2');
  });

  it('gives no score where there is nothing to compare (0/0 is null, not 100)', async () => {
    const report = await roundTrip('[]');
    expect(report.scores).toEqual({
      quality_score: null,
      trust_score: null,
      data_integrity: null,
      accuracy_score: null,
      structure_preservation: null,
      field_mapping_accuracy: null,
    });
    expect(report).toMatchObject({ valueEqualityRate: null, typePreservation: null, structurePreservation: null });
    // Two empty records make a CSV without columns, which reads back as no record: no value to compare, but records lost.
    const records = await roundTrip('[{}, {}]');
    expect(records.scores).toMatchObject({ trust_score: 0, structure_preservation: 0, accuracy_score: null });
  });

  it('counts an absent key read back as null, names it, and lowers no score', async () => {
    const report = await roundTrip('[{"a":1,"b":2},{"a":3}]');
    expect(report.scores).toEqual(PERFECT);
    expect(report.counts).toMatchObject({ addedNull: 1, identicalRecords: 2, sameShapeRecords: 2 });
    expect(report.recommendations).toEqual([
      '1 key absent from their original record came back as null, because every CSV row has every column: treat null as absent when you use the data.',
    ]);
  });

  it('finds each kind of difference with its evidence', async () => {
    const original = '[{"id":1,"qty":"5","name":"Ada","note":"x","tags":["a","b"],"gone":1}]';
    const csv = 'id,qty,name,note,tags.0,extra\n1,5,Eve,,a,new\n2,,,,,\n';
    const report = await compareRoundTrip(encode(original), encode(csv));
    expect(report.differences).toEqual([
      { record: 1, path: 'qty', kind: 'type', original: '"5"', reconverted: '5' },
      { record: 1, path: 'name', kind: 'value', original: '"Ada"', reconverted: '"Eve"' },
      { record: 1, path: 'note', kind: 'emptied', original: '"x"', reconverted: 'null' },
      { record: 1, path: 'tags.1', kind: 'missing', original: '"b"', reconverted: null },
      { record: 1, path: 'gone', kind: 'missing', original: '1', reconverted: null },
      { record: 1, path: 'extra', kind: 'added', original: null, reconverted: '"new"' },
      { record: 2, path: 'id', kind: 'added', original: null, reconverted: '2' },
    ]);
    expect(report.counts).toEqual({
      originalRecords: 1,
      reconvertedRecords: 2,
      identicalRecords: 0,
      sameShapeRecords: 0,
      originalValues: 7,
      equal: 2,
      valueChanged: 1,
      typeChanged: 1,
      emptied: 1,
      missing: 2,
      addedNull: 5,
      addedValue: 2,
      guarded: 0,
      guardLeft: 0,
      loneSurrogates: 0,
      loneSurrogateKeys: 0,
      leftOutValues: 0,
    });
    expect(report.paths).toMatchObject({ original: 7, reconverted: 6, preserved: 5, lost: 2, gained: 1, leftOut: [] });
    expect(report.paths.lostPaths).toEqual(['tags.1', 'gone']);
    expect(report.scores).toEqual({
      quality_score: 22.2, // 2 equal / (7 original + 2 added)
      trust_score: 0,
      data_integrity: 71.4, // 5 of 7 paths
      accuracy_score: 28.5, // 2 of 7 values
      structure_preservation: 0,
      field_mapping_accuracy: 62.5, // 5 / (5 + 2 + 1)
    });
    expect(report.recommendations[0]).toMatch(/^The original has 1 record and the CSV gives back 2/);
    expect(report.recommendations.join('\n')).toContain('(first: record 1, \'qty\': "5" → 5)');
  });

  describe('with the options the CSV was written with', () => {
    const orders = JSON.stringify([
      { id: 1, phone: '+49 30 1234567', note: '=SUM(A1)', code: '-abc' },
      { id: 2, phone: '+49 30 7654321', note: 'ok', code: '-12.5' },
      { id: 3, phone: '@home', note: "'=kept", code: '' },
    ]);

    it('reads a guarded CSV back with the guard undone: 100, and the guarded values listed as such', async () => {
      const csv = await jsonToCsvText(orders, { excelSafe: true });
      const report = await compareRoundTrip(encode(orders), encode(csv), { excelSafe: true });
      expect(report.scores).toEqual(PERFECT);
      expect(report.differencesTotal).toBe(0);
      expect(report.counts).toMatchObject({ guarded: 4, guardLeft: 0, equal: 12 });
      expect(report.guardedValues).toEqual([
        { record: 1, path: 'note', value: '=SUM(A1)' },
        { record: 1, path: 'code', value: '-abc' },
        { record: 3, path: 'phone', value: '@home' },
        { record: 3, path: 'note', value: "'=kept" },
      ]);
      expect(report.advice).toEqual([]);
    });

    it('compared without the guard undone, names the guard as the cause and the setting that fixes it', async () => {
      const csv = await jsonToCsvText(orders, { excelSafe: true });
      const report = await compareRoundTrip(encode(orders), encode(csv));
      expect(report.counts).toMatchObject({ guarded: 0, guardLeft: 4, valueChanged: 4 });
      expect(report.advice).toHaveLength(1);
      expect(report.advice[0]).toMatchObject({ cause: 'formula_guard', option: 'excel_safe' });
      expect(report.advice[0]?.text).toMatch(/^4 values came back with the ' that the Spreadsheet-safe guard/);
      expect(report.advice[0]?.text).toContain(`(first: record 1, 'note': "=SUM(A1)" → "'=SUM(A1)")`);
      expect(report.recommendations.join('\n')).not.toMatch(/spreadsheet may have|--/);
    });

    it('tells a changed value from the guard', async () => {
      const csv = (await jsonToCsvText(orders, { excelSafe: true })).replace('+49 30 7654321', '+49 30 0');
      const report = await compareRoundTrip(encode(orders), encode(csv));
      expect(report.advice.map((entry) => entry.cause)).toEqual(['formula_guard', 'value_changed']);
      expect(report.advice[1]?.text).toContain(`'phone': "+49 30 7654321" → "+49 30 0"`);
    });

    it('reads a relational ZIP back as written.json says, unless told', async () => {
      const plan = { version: 1 as const, paths: [{ path: 'items', strategy: 'table' as const }] };
      const nested = JSON.stringify([{ id: 1, note: '=1', items: [{ sku: '-abc' }] }]);
      const zip: Uint8Array[] = [];
      for await (const chunk of jsonToRelational(encode(nested), { plan, excelSafe: true })) zip.push(chunk);
      const report = await compareRoundTrip(encode(nested), zip);
      expect(report.scores).toEqual(PERFECT);
      expect(report.counts.guarded).toBe(2);
      const told = await compareRoundTrip(encode(nested), zip, { excelSafe: false });
      expect(told.counts.guardLeft).toBe(2);
    });
  });

  it('counts what the conversion left out of the document as not converted: no score reaches 100', async () => {
    // The only records are a tiny list in a document whose other parts are far bigger (metadata, numbers).
    const stats = JSON.stringify({ list: Array.from({ length: 400 }, (_, k) => k * 1000) });
    const json = `{"meta":{"version":"1.2","tags":["a","b"]},"links":[{"url":"u"}],"stats":${stats}}`;
    const report = await roundTrip(json);
    expect(report.counts.originalRecords).toBe(1);
    expect(report.counts.leftOutValues).toBe(3 + 400);
    expect(report.counts.originalValues).toBe(1 + 403);
    expect(report.counts.equal).toBe(1);
    expect(report.paths.leftOut).toEqual([
      { path: 'stats', bytes: stats.length, values: 400 },
      { path: 'meta', bytes: 34, values: 3 },
    ]);
    expect(report.paths).toMatchObject({ original: 3, preserved: 1, lost: 2, leftOutParts: 2 });
    expect(report.paths.lostPaths).toEqual(['meta', 'stats']);
    for (const score of Object.values(report.scores)) expect(score).toBeLessThan(100);
    expect(report.scores.accuracy_score).toBe(0.2); // 1 of 404 values
    expect(report.scores.trust_score).toBe(50); // 1 identical record of 1, plus the rest of the document
    expect(report.recommendations[0]).toBe(
      '403 values of the document were left out of the conversion, outside the records (stats (2.7 KB), meta (34 B)): convert those parts too with another records path, or keep the JSON.',
    );
    expect(report.recommendations.join('\n')).not.toContain('missing from the CSV');
  });

  it('counts a lone surrogate written as U+FFFD as changed, and names the cause, not an edit of the CSV', async () => {
    const original = String.raw`[{"s":"a\ud800b","t":"ok","u":"\ud83d\ude00"},{"s":"x\udc00","t":"edited"}]`;
    const csv = (await jsonToCsvText(original)).replace('edited', 'changed');
    const report = await compareRoundTrip(encode(original), encode(csv));
    expect(report.counts).toMatchObject({ equal: 2, valueChanged: 3, loneSurrogates: 2 });
    expect(report.differences[0]).toEqual({
      record: 1,
      path: 's',
      kind: 'value',
      original: '"a\\ud800b"',
      reconverted: '"a\ufffdb"',
    });
    expect(report.advice.map((advice) => advice.cause)).toEqual(['lone_surrogates', 'value_changed', 'added_null']);
    expect(report.advice[0]?.text).toMatch(/^2 strings of the original held a lone UTF-16 surrogate escape/);
    expect(report.advice[0]?.text).toContain(`(first: record 1, 's': "a\\ud800b" → "a\ufffdb")`);
    expect(report.advice[1]?.text).toMatch(/^1 value came back with different text \(first: record 2, 't'/);
  });

  it('says which keys held a lone surrogate (their columns named with U+FFFD): their records are not identical', async () => {
    const original = String.raw`[{"a\ud800b":{"x":1},"q\ufffd":2},{"a\ud800b":{"x":3},"k\udc00":[4]},{"q\ufffd":5}]`;
    const report = await compareRoundTrip(encode(original), encode(await jsonToCsvText(original)));
    expect(report.counts).toMatchObject({ equal: 5, valueChanged: 0, loneSurrogates: 0, loneSurrogateKeys: 2 });
    expect(report.counts.identicalRecords).toBe(1);
    expect(report.paths).toMatchObject({
      lost: 0,
      gained: 0,
      loneSurrogateKeys: [
        { record: 1, path: 'a\ufffdb', key: String.raw`a\ud800b` },
        { record: 2, path: 'k\ufffd', key: String.raw`k\udc00` },
      ],
    });
    expect(report.advice.map((advice) => advice.cause)).toEqual(['lone_surrogates', 'added_null']);
    expect(report.advice[0]?.text).toMatch(
      /^2 keys \(first: record 1, "a\\ud800b", written 'a\ufffdb' in the header\) of the original held a lone UTF-16/,
    );
    const both = String.raw`[{"s":"a\ud800","k\ud800":1}]`;
    const mixed = await compareRoundTrip(encode(both), encode(await jsonToCsvText(both)));
    expect(mixed.advice[0]?.text).toMatch(
      /^1 string \(first: record 1, 's': "a\\ud800" → "a\ufffd"\) and 1 key \(first: record 1, "k\\ud800", written 'k\ufffd' in the header\) of the original held/,
    );
  });

  it('caps the listed differences but counts them all', async () => {
    const original = JSON.stringify(Array.from({ length: 30 }, (_, k) => ({ v: k })));
    const changed = JSON.stringify(Array.from({ length: 30 }, (_, k) => ({ v: k + 1 })));
    const report = await compareRoundTrip(encode(original), encode(await jsonToCsvText(changed)), {
      maxDifferences: 5,
    });
    expect(report.differences).toHaveLength(5);
    expect(report.differencesTotal).toBe(30);
  });

  it('reports malformed CSV or JSON as a positioned ConversionError', async () => {
    await expect(compareRoundTrip(encode('[{"a":1}'), encode('a\n1\n'))).rejects.toMatchObject({
      code: 'JSON_TRUNCATED',
    });
    // A quote left open in the CSV is read as a literal now (issue 28): the comparison runs and finds the change.
    const report = await compareRoundTrip(encode('[{"a":1}]'), encode('a\n"1\n'));
    expect(report.counts.equal).toBe(0);
  });
});

// Records with a numeric `id` and a scalar `k1` in every record, and optional other keys.
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1000, max: 1000 }).map((n) => ({ raw: String(n) })),
  fc.constantFrom('1.50', '-0.0', '1e5', '12345678901234567890', '0.1000000000000000055').map((raw) => ({ raw })),
  fc.constantFrom('007', '1e5', 'true', '', ' x ', '=1', 'a,b', 'quote"d', 'line\nbreak', 'null'),
  fc.stringMatching(/^[a-z ]{1,6}$/),
);
type Scalar = null | boolean | string | { raw: string };
const nonNull = scalar.filter((value) => value !== null);

function scalarJson(value: Scalar): string {
  if (value !== null && typeof value === 'object') return value.raw;
  return JSON.stringify(value);
}

const record = fc.record(
  {
    id: fc.nat({ max: 10_000 }),
    k1: scalar,
    k2: scalar,
    nested: fc.record({ x: nonNull, y: nonNull }),
    list: fc.array(nonNull, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['id', 'k1'] },
);
type Generated = {
  id: number;
  k1: Scalar;
  k2?: Scalar;
  nested?: { x: Scalar; y: Scalar };
  list?: Scalar[];
};

function recordJson(r: Generated, without?: string): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(r)) {
    if (key === without) continue;
    if (key === 'id') parts.push(`"id":${value as number}`);
    else if (key === 'nested') {
      const n = value as { x: Scalar; y: Scalar };
      parts.push(`"nested":{"x":${scalarJson(n.x)},"y":${scalarJson(n.y)}}`);
    } else if (key === 'list') parts.push(`"list":[${(value as Scalar[]).map(scalarJson).join(',')}]`);
    else parts.push(`${JSON.stringify(key)}:${scalarJson(value as Scalar)}`);
  }
  return `{${parts.join(',')}}`;
}

const toJson = (records: Generated[], edit?: (r: Generated, k: number) => string | undefined) =>
  `[${records.map((r, k) => edit?.(r, k) ?? recordJson(r)).join(',')}]`;

describe('compareRoundTrip properties', () => {
  it('scores 100 on every score for any lossless round trip, and each injected loss lowers exactly its counts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 6 }), fc.nat(), async (records, pick) => {
        const json = toJson(records);
        const base = await roundTrip(json);
        expect(base.scores).toEqual(PERFECT);
        expect(base.differencesTotal).toBe(0);
        expect(base.counts.equal).toBe(base.counts.originalValues);
        const target = pick % records.length;
        const n = records.length;

        // A changed value: one id is one more.
        const changed = await roundTrip(
          json,
          toJson(records, (r, k) => (k === target ? recordJson({ ...r, id: r.id + 1 }) : undefined)),
        );
        expect(changed.counts).toEqual({
          ...base.counts,
          equal: base.counts.equal - 1,
          valueChanged: 1,
          identicalRecords: n - 1,
        });
        expect(changed.paths).toEqual(base.paths);
        expect(changed.differences).toEqual([
          {
            record: target + 1,
            path: 'id',
            kind: 'value',
            original: String(records[target]?.id),
            reconverted: String((records[target]?.id ?? 0) + 1),
          },
        ]);
        expect(changed.scores.accuracy_score).toBeLessThan(100);
        expect(changed.scores.structure_preservation).toBe(100);
        expect(changed.scores.data_integrity).toBe(100);

        // A changed type: one id becomes text.
        const retyped = await roundTrip(
          json,
          toJson(records, (r, k) => (k === target ? recordJson(r).replace(/^\{"id":\d+/, '{"id":"x"') : undefined)),
        );
        expect(retyped.counts).toEqual({
          ...base.counts,
          equal: base.counts.equal - 1,
          typeChanged: 1,
          identicalRecords: n - 1,
        });
        expect(retyped.differences[0]).toMatchObject({
          record: target + 1,
          path: 'id',
          kind: 'type',
          reconverted: '"x"',
        });

        // A dropped key: k1 left out of every record, so its column is lost.
        const dropped = await roundTrip(
          json,
          toJson(records, (r) => recordJson(r, 'k1')),
        );
        expect(dropped.counts).toEqual({
          ...base.counts,
          equal: base.counts.equal - n,
          missing: n,
          identicalRecords: 0,
          sameShapeRecords: 0,
        });
        expect(dropped.paths).toMatchObject({
          preserved: base.paths.preserved - 1,
          lost: 1,
          gained: 0,
          lostPaths: ['k1'],
        });
        expect(dropped.scores).toMatchObject({ trust_score: 0, structure_preservation: 0 });
        expect(dropped.scores.data_integrity).toBeLessThan(100);
        expect(dropped.scores.field_mapping_accuracy).toBeLessThan(100);
      }),
      { numRuns: 150 },
    );
  });
});
