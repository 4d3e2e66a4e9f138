import { describe, expect, it } from 'vitest';
import { proposePlan } from './planner.js';
import { profileJson } from './profile-json.js';
import { MAP_KEY_LIMIT, MAX_PROFILE_NODES } from './profile-tree.js';

const encoder = new TextEncoder();

function* chunks(records: number, record: (n: number) => string): Generator<Uint8Array> {
  yield encoder.encode('[');
  for (let n = 0; n < records; n++) yield encoder.encode(`${n > 0 ? ',' : ''}${record(n)}`);
  yield encoder.encode(']');
}

describe('profileJson', () => {
  it('keeps one row per record: the only list of objects is JSON unless a row per element is asked for', async () => {
    const features = Array.from({ length: 6 }, (_, n) => ({
      id: n,
      usage: n * 1.5,
      links: Array.from({ length: (n % 3) + 1 }, (_, k) => ({ url: `u${n}.${k}`, title: `t${k}` })),
    }));
    const profile = await profileJson([encoder.encode(JSON.stringify(features))]);
    const links = (plan: { paths: { path: string; strategy: string }[] }) =>
      plan.paths.find((entry) => entry.path === 'links')?.strategy;
    const proposal = proposePlan(profile);
    expect(links(proposal.plan)).toBe('json');
    expect(proposal.explanations.join(' ')).toContain('choose rows for a row per element');
    expect(links(proposePlan(profile, { explode: true }).plan)).toBe('rows');
    // The position column is named as code, as the paths are: a reader sees `links.\#` as a column, not an escape.
    expect(proposePlan(profile, { explode: true }).explanations.join(' ')).toContain(
      'its position in the column `links.\\#`.',
    );
    expect(links(proposePlan(profile, { relational: true }).plan)).toBe('table');
  });

  it('finds a top-level map of records (a MIME-type database keyed by type) and proposes one row per key', async () => {
    const types = Array.from({ length: 40 }, (_, n) => [
      `application/x-type-${n}`,
      n % 3 === 0
        ? { source: 'iana', extensions: [`e${n}`, `f${n}`] }
        : { source: 'apache', compressible: n % 2 === 0 },
    ]);
    const document = JSON.stringify(Object.fromEntries(types));
    for (const recordsPath of [undefined, '.']) {
      const profile = await profileJson([encoder.encode(document)], recordsPath === undefined ? {} : { recordsPath });
      expect(profile).toMatchObject({ records: 40, recordsPath: null, recordsShape: 'map' });
      const proposal = proposePlan(profile);
      expect(proposal.plan.records).toEqual({ path: '', shape: 'map', keyColumn: 'key' });
      expect(proposal.explanations[0]).toBe(
        'The top-level object is a map of records (its keys are data, its members alike): one row per member, its key in the column "key".',
      );
    }
  });

  it('reports kinds, array lengths and keys per path', async () => {
    const profile = await profileJson([
      encoder.encode('[{"id":1,"tags":["a","b"],"pos":[1,2]},{"id":"2","tags":[],"pos":[3,4]},{"id":3,"pos":[5,6]}]'),
    ]);
    expect(profile).toMatchObject({
      records: 3,
      sampled: false,
      recordsPath: null,
      recordsShape: 'array',
      maxDepth: 2,
    });
    const byPath = new Map(profile.paths.map((path) => [path.path, path]));
    expect(byPath.get('id')?.kinds).toEqual({ number: 2, string: 1 });
    expect(byPath.get('tags')?.array).toEqual({
      minLength: 0,
      maxLength: 2,
      meanLength: 1,
      lengths: { '0': 1, '2': 1 },
      elementKinds: { string: 2 },
      joinSafe: true,
    });
    expect(byPath.get('')?.object).toMatchObject({ minKeys: 2, maxKeys: 3, distinctKeys: 3, keysLookLikeData: false });
    // id, tags (its `[]`), tags.0, tags.1, pos.0, pos.1
    expect(profile.defaultColumns).toBe(6);
    expect(proposePlan(profile).plan.paths.map(({ path, strategy }) => [path, strategy])).toEqual([
      ['tags', 'join'],
      ['pos', 'index'],
    ]);
  });

  it('folds a map with many keys into one * path, so the profile stays small however many keys come', async () => {
    const profile = await profileJson(
      chunks(2000, (n) => `{"id":${n},"scores":{"user${n}":{"v":${n}},"user${n + 1}":{"v":1}}}`),
    );
    const scores = profile.paths.find((path) => path.path === 'scores');
    expect(scores?.object?.keysLookLikeData).toBe(true);
    expect(scores?.object?.distinctKeysAtLeast).toBe(true);
    expect(profile.paths.map((path) => path.path)).toEqual(['', 'id', 'scores', 'scores.*', 'scores.*.v']);
    expect(MAP_KEY_LIMIT).toBeLessThan(2000);
    const proposal = proposePlan(profile);
    expect(proposal.plan.paths).toEqual([expect.objectContaining({ path: 'scores', strategy: 'json' })]);
    expect(proposal.columns.after).toBe(2);
  });

  it('stays within its path budget on records whose every key is new and nested', async () => {
    const profile = await profileJson(chunks(300, (n) => `{"k${n}":{"a${n}":{"b${n}":1}},"f":{"g${n}":[1]}}`));
    expect(profile.paths.length).toBeLessThan(MAX_PROFILE_NODES);
    expect(profile.records).toBe(300);
  });

  it('reads only a sample when asked, and says so', async () => {
    const input = Array.from(chunks(5000, (n) => `{"id":${n}}`));
    // The reader stops at the end of the input chunk where the sample is complete.
    const profile = await profileJson(input, { maxRecords: 10 });
    expect(profile.sampled).toBe(true);
    expect(profile.records).toBeGreaterThanOrEqual(10);
    expect(profile.records).toBeLessThan(5000);
    expect(proposePlan(profile).explanations.at(-1)).toBe(`Proposed from the first ${profile.records} records only.`);
  });

  it('reads an object at the records path as a map of records', async () => {
    const profile = await profileJson([encoder.encode('{"users":{"u1":{"n":1},"u2":{"n":2,"key":3}}}')], {
      recordsPath: 'users',
    });
    expect(profile).toMatchObject({ records: 2, recordsShape: 'map', recordsPath: 'users' });
    // A record already has a `key`: the key column gets another name.
    expect(proposePlan(profile).plan.records).toEqual({ path: 'users', shape: 'map', keyColumn: 'key_2' });
  });
});
