import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnalysisCollector } from '../analysis/analysis-collector.js';
import { analyzeJson } from '../analysis/analyze-json.js';
import { concatBytes } from '../byte-source.js';
import { csvToJson } from '../csv-to-json.js';
import type { FlattenPlan } from '../flatten/flatten-plan.js';
import { jsonToCsv } from '../json-to-csv.js';
import { compareRoundTrip } from '../round-trip/compare-round-trip.js';
import { proposePlan } from './planner.js';
import { profileJson } from './profile-json.js';

const fixtures = new URL('../../../../testdata/flattening/', import.meta.url);
const countries = readFileSync(new URL('world-countries/countries.json', fixtures));
const geo = readFileSync(new URL('world-countries/can.geo.json', fixtures));
const mdn = gunzipSync(readFileSync(new URL('mdn-browser-compat-data/data.json.gz', fixtures)));
const firebase = readFileSync(new URL('firebase-export.json', fixtures));

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return concatBytes(all);
}

/** The proposal for a file, the CSV under it, and the CSV's header and rows (naively split: for counts). */
async function planned(input: Uint8Array, recordsPath?: string) {
  const profile = await profileJson([input], recordsPath === undefined ? {} : { recordsPath });
  const proposal = proposePlan(profile);
  const csv = await bytesOf(jsonToCsv([input], { plan: proposal.plan }));
  const text = new TextDecoder().decode(csv);
  const header = (text.slice(0, text.indexOf('\n')) as string).split(',');
  return { profile, proposal, csv, text, header };
}

/** A JSON value without its object members that are null. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, withoutNulls(member)]),
  );
}

/** The round trip gives back every value of the records; `leftOut` names the wrapper members not converted. */
async function lossless(input: Uint8Array, csv: Uint8Array, plan: FlattenPlan, leftOut: string[] = []) {
  const report = await compareRoundTrip([input], [csv], { plan });
  expect(report.differencesTotal).toBe(0);
  expect(report.counts.originalRecords).toBe(report.counts.reconvertedRecords);
  // What was left out of the document counts as not converted, and it alone keeps the values from all being equal.
  expect(report.paths.leftOut.map((part) => part.path).sort()).toEqual([...leftOut].sort());
  expect(report.counts.equal).toBe(report.counts.originalValues - report.counts.leftOutValues);
  if (leftOut.length > 0) expect(report.scores.accuracy_score).toBeLessThan(100);
  return report;
}

/** Columns of a CSV's header row (quoted cells may hold commas). */
function headerColumns(csv: Uint8Array): number {
  const text = new TextDecoder().decode(csv);
  let columns = 1;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) columns++;
    else if (c === '\n' && !quoted) break;
  }
  return text.length === 0 ? 0 : columns;
}

describe('the numbers the planner states', () => {
  it('are within 10% of the columns the conversion then writes, with and without the plan', async () => {
    const cases: [string, Uint8Array, string | undefined][] = [
      ['countries.json', countries, undefined],
      ['can.geo.json', geo, undefined],
      ['firebase users', firebase, 'users'],
      ['mdn css.properties', mdn, 'css.properties'],
    ];
    for (const [name, input, recordsPath] of cases) {
      const { proposal, csv } = await planned(input, recordsPath);
      const plain = await bytesOf(jsonToCsv([input], recordsPath === undefined ? {} : { recordsPath }));
      const before = headerColumns(plain);
      const after = headerColumns(csv);
      expect(
        Math.abs(proposal.columns.before - before) / before,
        `${name}: ${proposal.columns.before} vs ${before}`,
      ).toBeLessThanOrEqual(0.1);
      expect(
        Math.abs(proposal.columns.after - after) / after,
        `${name}: ${proposal.columns.after} vs ${after}`,
      ).toBeLessThanOrEqual(0.1);
      // The headline sentence says the same numbers.
      const headline = proposal.explanations.find((line) => line.startsWith('About '));
      if (headline !== undefined) expect(headline).toContain(proposal.columns.before.toLocaleString('en-US'));
    }
  }, 120_000);
});

describe('world-countries countries.json', () => {
  it('profiles 1,270 default columns and plans 31, with the maps as JSON and the lists joined', async () => {
    const { profile, proposal, header } = await planned(countries);
    expect(profile.records).toBe(250);
    expect(profile.defaultColumns).toBe(1270);
    expect(proposal.columns).toEqual({ before: 1270, after: 31 });
    expect(header).toHaveLength(31);
    expect(header.length).toBeLessThan(60);
    const strategies = Object.fromEntries(proposal.plan.paths.map((entry) => [entry.path, entry.strategy]));
    expect(strategies).toMatchObject({
      currencies: 'json',
      languages: 'json',
      translations: 'json',
      'name.native': 'json',
      tld: 'join',
      borders: 'join',
      'idd.suffixes': 'join',
      latlng: 'index',
    });
    expect(proposal.explanations).toContain(
      '`currencies` is a map: its keys are codes (AWG, AFN, AOA, …). Kept as JSON in one column instead of 325 columns.',
    );
    const translations = profile.paths.find((path) => path.path === 'translations');
    expect(translations?.object?.keysLookLikeData).toBe(true);
    const latlng = profile.paths.find((path) => path.path === 'latlng');
    expect(latlng?.array).toMatchObject({ minLength: 2, maxLength: 2, elementKinds: { number: 500 } });
  });

  it('writes exact cells and reads back to the same records under the plan', async () => {
    const { proposal, csv, text } = await planned(countries);
    const aruba = text.split('\n')[1] as string;
    expect(aruba.startsWith('Aruba,Aruba,"{""nld"":{""official"":""Aruba"",""common"":""Aruba""},')).toBe(true);
    // An empty string is quoted (an empty cell is null); JSON cells keep the input's escapes (`\u0192` is ƒ).
    expect(aruba).toContain(',.aw,AW,"533",ABW,ARU,false,officially-assigned,false,"",');
    expect(aruba).toContain(',"{""AWG"":{""name"":""Aruban florin"",""symbol"":""\\u0192""}}",+2,"97",Oranjestad,AW,');
    const back = JSON.parse(new TextDecoder().decode(await bytesOf(csvToJson([csv], { plan: proposal.plan }))));
    expect(back).toEqual(JSON.parse(new TextDecoder().decode(countries)));
    await lossless(countries, csv, proposal.plan);
  });
});

describe('world-countries can.geo.json', () => {
  it('gives one row per feature with the geometry as JSON, instead of 111,129 columns', async () => {
    const { profile, proposal, text, header, csv } = await planned(geo);
    expect(profile.recordsPath).toBe('features');
    expect(proposal.plan.paths).toEqual([expect.objectContaining({ path: 'geometry.coordinates', strategy: 'json' })]);
    expect(header).toEqual(['type', 'properties.cca2', 'geometry.type', 'geometry.coordinates']);
    const rows = text.trimEnd().split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.startsWith('Feature,ca,MultiPolygon,"[[[[-65.61362,43.420273],[-65.61972,43.41805],')).toBe(true);
    // The collection's own `"type": "FeatureCollection"` is not a feature: left out, and counted as not converted.
    const report = await lossless(geo, csv, proposal.plan, ['type']);
    expect(report.counts.originalValues).toBe(111_129 + 1);
  });
});

describe('@mdn/browser-compat-data data.json', () => {
  it('reads css.properties, an object map, as one row per property: 24 columns, the sub-features in one', async () => {
    const { profile, proposal, text, header, csv } = await planned(mdn, 'css.properties');
    expect(profile.recordsShape).toBe('map');
    expect(profile.records).toBe(660);
    expect(proposal.plan.records).toEqual({ path: 'css.properties', shape: 'map', keyColumn: 'key' });
    expect(proposal.columns.after).toBe(24);
    expect(header).toHaveLength(24);
    expect(header).toEqual([
      'key',
      '__compat.mdn_url',
      '__compat.source_file',
      '__compat.status.deprecated',
      '__compat.status.experimental',
      '__compat.status.standard_track',
      ...['chrome', 'chrome_android', 'edge', 'firefox', 'firefox_android', 'ie', 'oculus', 'opera']
        .concat(['opera_android', 'safari', 'safari_ios', 'samsunginternet_android', 'webview_android', 'webview_ios'])
        .map((browser) => `__compat.support.${browser}`),
      '*',
      '__compat.spec_url',
      '__compat.tags',
      '__compat.description',
    ]);
    expect(proposal.plan.paths).toContainEqual(expect.objectContaining({ path: '*', strategy: 'json' }));
    expect(proposal.explanations).toContain(
      'Each record is partly a map: its keys differ from record to record (836 distinct, at most 100 in one object: __compat, block, inline, …). Every key but `__compat` is kept, with its value, in one JSON object in the column "*" instead of a column each.',
    );
    expect(proposal.explanations).toContain(
      '`__compat.support.chrome` is sometimes an object and sometimes a list of objects (up to 4): kept as JSON in one column instead of 37 columns.',
    );
    expect(proposal.explanations).toContain(
      '`__compat.spec_url` is sometimes a string and sometimes a list of strings (up to 3): kept as JSON in one column instead of 4 columns.',
    );
    const rows = text.trimEnd().split('\n');
    expect(rows).toHaveLength(661);
    expect(rows[1]?.startsWith('-moz-float-edge,')).toBe(true);
    const alignContent = rows.find((row) => row.startsWith('align-content,')) as string;
    expect(alignContent).toContain(',"{""baseline"":{""__compat"":{');
    await lossless(mdn, csv, proposal.plan, [
      ...['__meta', 'api', 'browsers', 'css.at-rules', 'css.selectors', 'css.types', 'html', 'http', 'javascript'],
      ...['manifests', 'mathml', 'mediatypes', 'svg', 'webassembly', 'webdriver', 'webextensions'],
    ]);
    const back = JSON.parse(new TextDecoder().decode(await bytesOf(csvToJson([csv], { plan: proposal.plan }))));
    const original = JSON.parse(new TextDecoder().decode(mdn)).css.properties;
    expect(Object.keys(back)).toEqual(Object.keys(original));
    // A column some properties lack reads back as null there (a CSV cell cannot be absent): the rest is equal.
    expect(withoutNulls(back)).toEqual(withoutNulls(original));
    expect(back['align-content'].__compat.support.chrome).toEqual(original['align-content'].__compat.support.chrome);
    expect(back['align-content'].context_grid).toEqual(original['align-content'].context_grid);
  });

  it('compares and analyzes the whole file, one row of 488,602 columns, without overflowing the stack', async () => {
    const csv = await bytesOf(jsonToCsv([mdn]));
    const report = await compareRoundTrip([mdn], [csv]);
    expect(report.counts).toMatchObject({ originalRecords: 1, originalValues: 488_602, equal: 488_602 });
    expect(report.differencesTotal).toBe(0);
    const analysis = await analyzeJson([mdn]);
    expect(analysis.records).toBe(1);
  }, 120_000);
});

describe('a Firebase-style export', () => {
  it('reads users keyed by uid as rows, the device maps as JSON and the roles joined', async () => {
    const { proposal, text, csv } = await planned(firebase, 'users');
    expect(proposal.plan.records).toEqual({ path: 'users', shape: 'map', keyColumn: 'key' });
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('key,name,email,createdAt,roles,devices,settings.theme,settings.emails,note');
    expect(lines).toHaveLength(6);
    expect(lines[3]).toBe('-NxA1b2C3d4E5f6G7h8k,Chen Wei,chen@example.com,1700000200000,[],{},light,true,');
    expect(proposal.columns.after).toBe(9);
    // `note` holds "a; b" in one record: it is a string, not a list, and stays one.
    await lossless(firebase, csv, proposal.plan, ['meta']);
    // The same with the analysis in the same pass (as the server's premium conversions run it).
    const analysed = await bytesOf(jsonToCsv([firebase], { plan: proposal.plan, analysis: new AnalysisCollector() }));
    expect(new TextDecoder().decode(analysed)).toBe(text);
  });
});
