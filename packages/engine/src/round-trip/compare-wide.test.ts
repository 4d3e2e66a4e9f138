import { describe, expect, it } from 'vitest';
import { jsonToCsvText } from '../json-to-csv.js';
import { compareRoundTrip } from './compare-round-trip.js';

const encode = (text: string) => [new TextEncoder().encode(text)];

const ROWS = 50;
const OWN_KEYS = 50;

/**
 * 50 records, each with 50 objects of two leaves under keys no other record has: a CSV of 50 rows × 5,001
 * columns, each row holding 101 cells and 4,900 empty ones. Record 5's first object holds a null of its own.
 * `change` may rewrite one object.
 */
function wideDocument(change: (record: number, key: number, value: object) => object = (_r, _k, value) => value) {
  const records = [];
  for (let record = 1; record <= ROWS; record++) {
    const props: Record<string, object> = {};
    for (let key = 0; key < OWN_KEYS; key++) {
      const value = { type: record === 5 && key === 0 ? null : `t${key}`, v: key };
      props[`p${record}_${key}`] = change(record, key, value);
    }
    records.push({ id: record, props });
  }
  return JSON.stringify(records);
}

async function compareWide(csvFrom: string) {
  return compareRoundTrip(encode(wideDocument()), encode(await jsonToCsvText(csvFrom)));
}

describe('compareRoundTrip on a wide, sparse document', () => {
  it('finds 50 × 5,001 lossless, its 245,000 empty cells padding and a null of the original equal', async () => {
    const report = await compareWide(wideDocument());
    expect(report.scores).toEqual({
      quality_score: 100,
      trust_score: 100,
      data_integrity: 100,
      accuracy_score: 100,
      structure_preservation: 100,
      field_mapping_accuracy: 100,
    });
    expect(report.counts).toMatchObject({
      originalRecords: ROWS,
      originalValues: ROWS * (1 + 2 * OWN_KEYS),
      equal: ROWS * (1 + 2 * OWN_KEYS),
      addedNull: ROWS * (1 + 2 * OWN_KEYS * ROWS) - ROWS * (1 + 2 * OWN_KEYS),
      identicalRecords: ROWS,
      sameShapeRecords: ROWS,
    });
    expect(report.paths).toMatchObject({ original: 1 + 2 * OWN_KEYS * ROWS, preserved: 1 + 2 * OWN_KEYS * ROWS });
  });

  it('finds the one changed cell and the one emptied cell among them, in their records', async () => {
    const csvFrom = wideDocument((record, key, value) => {
      if (record === 37 && key === 7) return { ...value, v: 8 };
      if (record === 12 && key === 3) return { ...value, type: null };
      return value;
    });
    const report = await compareWide(csvFrom);
    expect(report.differences).toEqual([
      { record: 12, path: 'props.p12_3.type', kind: 'emptied', original: '"t3"', reconverted: 'null' },
      { record: 37, path: 'props.p37_7.v', kind: 'value', original: '7', reconverted: '8' },
    ]);
    expect(report.counts).toMatchObject({
      equal: ROWS * (1 + 2 * OWN_KEYS) - 2,
      valueChanged: 1,
      emptied: 1,
      missing: 0,
      identicalRecords: ROWS - 2,
      sameShapeRecords: ROWS,
      addedNull: ROWS * (1 + 2 * OWN_KEYS * ROWS) - ROWS * (1 + 2 * OWN_KEYS),
    });
  });

  it('finds a null of the original inside an array element equal, and one emptied there', async () => {
    const original = '[{"id":1,"items":[{"a":1,"b":null,"c":"x"}]},{"id":2,"other":{"x":1}}]';
    const same = await compareRoundTrip(encode(original), encode(await jsonToCsvText(original)));
    expect(same.differences).toEqual([]);
    expect(same.counts).toMatchObject({ originalValues: 6, equal: 6, missing: 0, addedNull: 2 });
    const emptied = await compareRoundTrip(
      encode(original),
      encode(await jsonToCsvText(original.replace('"x"', 'null'))),
    );
    expect(emptied.differences).toEqual([
      { record: 1, path: 'items.0.c', kind: 'emptied', original: '"x"', reconverted: 'null' },
    ]);
  });
});
