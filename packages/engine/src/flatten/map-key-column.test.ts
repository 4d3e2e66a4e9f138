import { describe, expect, it } from 'vitest';
import type { Notice } from '../byte-source.js';
import { csvToJsonText } from '../csv-to-json.js';
import { collect, csv, encoder, split } from '../json-to-csv.test-support.js';
import { proposePlan } from '../plan/planner.js';
import { profileJson } from '../plan/profile-json.js';
import { compareRoundTrip } from '../round-trip/compare-round-trip.js';
import { mapKeyColumn, writtenMapKeyColumn } from './map-key-column.js';

// An AWS API description's shapes: a record of type map has its own field `key`.
const SHAPES =
  '{"shapes":{"A":{"type":"string"},"B":{"type":"map","key":{"shape":"A"},"value":{"shape":"A"}},"C":{"type":"integer"}}}';

/** A map of `count` records; only the last has a field `key` (and `key_2` too when `both`). */
function lateKeyMap(count: number, both = false): string {
  const members: string[] = [];
  for (let n = 0; n < count; n++) members.push(`"m${n}":{"id":${n},"name":"r${n}"}`);
  members.push(`"last":{"id":${count},"key":{"shape":"own"}${both ? ',"key_2":{"x":1}' : ''}}`);
  return `{"items":{${members.join(',')}}}`;
}

async function compareWhole(json: string, csvText: string, recordsPath?: string) {
  return compareRoundTrip([encoder.encode(json)], [encoder.encode(csvText)], { recordsPath });
}

describe('mapKeyColumn', () => {
  it('is key, then key_2, key_3 ... while the name is taken', () => {
    expect(mapKeyColumn(() => false)).toBe('key');
    const taken = new Set(['key', 'key_2']);
    expect(mapKeyColumn((name) => taken.has(name))).toBe('key_3');
  });

  it('reads the name json2csv wrote from the first header cell', () => {
    const head = (text: string) => writtenMapKeyColumn(encoder.encode(text));
    expect(head('key_2,type\n')).toBe('key_2');
    expect(head('\uFEFFkey_12;a\r\n')).toBe('key_12');
    expect(head('key,a\n')).toBe('key');
    expect(head('key_2x,a\n')).toBe('key');
    expect(head('id,key_2\n')).toBe('key');
    expect(writtenMapKeyColumn(undefined)).toBe('key');
  });
});

describe('the map-key column in json2csv', () => {
  it('is key_2 when a record has a field key, first, with a notice', async () => {
    const notices: Notice[] = [];
    const text = await csv(SHAPES, { recordsPath: 'shapes', onNotice: (notice) => notices.push(notice) });
    expect(text).toBe('key_2,type,key.shape,value.shape\nA,string,,\nB,map,A,A\nC,integer,,\n');
    expect(notices).toContainEqual({ kind: 'key-column', name: 'key_2' });
  });

  it('stays key, without a notice, when no record has a field key', async () => {
    const notices: Notice[] = [];
    const text = await csv('{"a":{"x":1},"b":{"x":2}}', { recordsPath: '.', onNotice: (n) => notices.push(n) });
    expect(text).toBe('key,x\na,1\nb,2\n');
    expect(notices.some((notice) => notice.kind === 'key-column')).toBe(false);
  });

  it('is named once every record is seen: a late record with key and key_2 makes it key_3', async () => {
    const text = await csv(lateKeyMap(300, true), { recordsPath: 'items' });
    const lines = text.split('\n');
    expect(lines[0]).toBe('key_3,id,name,key.shape,key_2.x');
    expect(lines[1]).toBe('m0,0,r0,,');
    expect(lines[301]).toBe('last,300,,own,1');
  });

  it('agrees with the planner on the name', async () => {
    const profile = await profileJson([encoder.encode(SHAPES)], { recordsPath: 'shapes' });
    expect(proposePlan(profile).plan.records?.keyColumn).toBe('key_2');
  });

  it('is key_2 in the plan too when key is rarer than the ten most frequent fields', async () => {
    const fields = Array.from({ length: 12 }, (_, n) => `"f${n}":${n}`).join(',');
    const members = Array.from(
      { length: 40 },
      (_, n) => `"m${n}":{${fields}${n === 39 ? ',"key":{"shape":"A"}' : ''}}`,
    );
    const json = `{"items":{${members.join(',')}}}`;
    const profile = await profileJson([encoder.encode(json)], { recordsPath: 'items' });
    const plan = proposePlan(profile).plan;
    expect(plan.records?.keyColumn).toBe('key_2');
    const lines = (await csv(json, { recordsPath: 'items', plan })).split('\n');
    expect(lines[0]?.split(',').slice(0, 2)).toEqual(['key_2', 'f0']);
    expect(lines[0]).toContain(',key.shape');
    expect(lines[40]?.startsWith('m39,')).toBe(true);
  });

  it('reads back with csv2json as the records with the key column', async () => {
    const text = await csv(SHAPES, { recordsPath: 'shapes' });
    expect(JSON.parse(await csvToJsonText(text))).toEqual([
      { key_2: 'A', type: 'string', key: { shape: null }, value: { shape: null } },
      { key_2: 'B', type: 'map', key: { shape: 'A' }, value: { shape: 'A' } },
      { key_2: 'C', type: 'integer', key: { shape: null }, value: { shape: null } },
    ]);
  });
});

describe('compareRoundTrip with a map-key column', () => {
  it('finds the shapes round trip lossless', async () => {
    const report = await compareWhole(SHAPES, await csv(SHAPES, { recordsPath: 'shapes' }), 'shapes');
    expect(report.differencesTotal).toBe(0);
    expect(report.paths).toMatchObject({ lost: 0, gained: 0 });
    expect(report.counts).toMatchObject({ originalRecords: 3, reconvertedRecords: 3 });
  });

  it('finds a generated map whose late record has key lossless, read in chunks', async () => {
    const json = lateKeyMap(2000);
    const bytes = encoder.encode(json);
    const converted = await collect(split(bytes, 'random'), { recordsPath: 'items' });
    const report = await compareRoundTrip(split(bytes, 'random', 11), split(converted, 'bytes'), {
      recordsPath: 'items',
    });
    expect(report.differencesTotal).toBe(0);
    expect(report.paths).toMatchObject({ lost: 0, gained: 0 });
    expect(report.counts).toMatchObject({ originalRecords: 2001, reconvertedRecords: 2001 });
    expect(report.counts).toMatchObject({ originalValues: 6003, equal: 6003 });
  });
});
