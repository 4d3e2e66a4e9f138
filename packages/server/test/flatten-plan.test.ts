import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const fixture = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../testdata/flattening/${path}`, import.meta.url)));
const COUNTRIES = fixture('world-countries/countries.json');

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await signedInUser(t, 'planner');
  // Premium: files of this size and the comparison are in the plan.
  await t.auth.setPlan(user.email, 'professional');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function propose(payload: Buffer | string, query = '', headers: Record<string, string> = {}) {
  return call(t.app, user, 'POST', `/api/convert/plan${query}`, {
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The CSV's header cells (no quoted commas in these headers). */
function headerOf(csv: string): string[] {
  return (csv.split('\n')[0] ?? '').split(',');
}

describe('POST /api/convert/plan', () => {
  it('proposes a plan for countries.json under 60 columns, with its explanations and sample', async () => {
    const response = await propose(COUNTRIES);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.columns.before).toBe(1270);
    expect(body.columns.after).toBeLessThan(60);
    expect(body.explanations).toContain(
      '`currencies` is a map: its keys are codes (AWG, AFN, AOA, …). Kept as JSON in one column instead of 325 columns.',
    );
    expect(body.plan.paths).toContainEqual(expect.objectContaining({ path: 'currencies', strategy: 'json' }));
    expect(body.sample).toMatchObject({ records: 250, sampled: false, max_records: 1000, records_shape: 'array' });
  });

  it('lists every object or list path of the profile, not only those the plan changes', async () => {
    const body = (await propose(COUNTRIES)).json();
    const planned = new Set(body.plan.paths.map((entry: { path: string }) => entry.path));
    expect(body.paths).toContainEqual({ path: 'currencies', object: true, list: false, columns: 325 });
    expect(body.paths).toContainEqual(expect.objectContaining({ path: 'name', object: true, list: false }));
    expect(body.paths.some((entry: { path: string }) => !planned.has(entry.path))).toBe(true);
    // Scalars take no strategy: `cca2` (a string) is not offered.
    expect(body.paths.map((entry: { path: string }) => entry.path)).not.toContain('cca2');
  });

  it('takes the JSON as the multipart field `file` too, and a records path', async () => {
    const geo = fixture('world-countries/can.geo.json');
    const { payload, headers } = multipartBody({ name: 'can.geo.json', content: geo });
    const response = await call(t.app, user, 'POST', '/api/convert/plan?records=features', { payload, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().plan.paths).toContainEqual(
      expect.objectContaining({ path: 'geometry.coordinates', strategy: 'json' }),
    );
    expect(response.json().sample.records_path).toBe('features');
  });

  it('samples a body of more than 20 MB rather than refusing it', async () => {
    const record = JSON.stringify({ id: 1, tags: ['a', 'b'], name: 'x'.repeat(200) });
    const count = Math.ceil((21 * 1024 * 1024) / (record.length + 1));
    const big = Buffer.from(`[${Array.from({ length: count }, () => record).join(',')}]`);
    expect(big.length).toBeGreaterThan(20 * 1024 * 1024);
    const response = await propose(big, '?sample=500');
    expect(response.statusCode, response.body).toBe(200);
    // The engine stops at the end of the input chunk holding the 500th record: a sample, not the whole.
    const sample = response.json().sample;
    expect(sample).toMatchObject({ sampled: true, max_records: 500 });
    expect(sample.records).toBeGreaterThanOrEqual(500);
    expect(sample.records).toBeLessThan(count);
  });

  it("reads MDN's 20 MB browser-compat-data to its map of CSS properties: one record per property", async () => {
    const mdn = gunzipSync(fixture('mdn-browser-compat-data/data.json.gz'));
    expect(mdn.length).toBeGreaterThan(20_000_000);
    const response = await propose(mdn, '?records=css.properties');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sample).toMatchObject({ records: 660, sampled: false, records_shape: 'map' });
    expect(response.json().plan.records).toMatchObject({ path: 'css.properties', shape: 'map' });
  });

  it('answers only a signed-in user or an API key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/convert/plan',
      payload: '[{"a":1}]',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses what is not JSON with a 400 or 422 naming the problem', async () => {
    const response = await propose('{"a": ');
    expect([400, 422]).toContain(response.statusCode);
    expect(response.json().detail).toMatch(/flattening plan could not be proposed/);
  });
});

describe('converting with a plan', () => {
  it('converts with the plan, keeps it in the metadata, and compares as lossless with it', async () => {
    const proposal = (await propose(COUNTRIES)).json();
    const plan = JSON.stringify(proposal.plan);
    // Without the spreadsheet formula guard, which changes values (`-` leading cells) on purpose.
    const converted = await uploadFile(
      t.app,
      user,
      { name: 'countries.json', content: COUNTRIES },
      { plan, excel_safe: 'false' },
    );
    expect(converted.statusCode, converted.body).toBe(200);
    const result = converted.json();
    expect(result.columns).toBeLessThan(60);
    expect(result.records).toBe(250);

    const metadata = (await call(t.app, user, 'GET', `/api/files/${result.file_id}/metadata`)).json();
    expect(metadata.options.plan).toEqual(proposal.plan);

    const download = await call(t.app, user, 'GET', `/api/files/download/${result.file_id}`);
    expect(headerOf(download.body)).toHaveLength(result.columns);
    expect(headerOf(download.body)).toContain('currencies');

    // The comparison dialog reads the CSV back under the same plan.
    const data = (await call(t.app, user, 'GET', `/api/files/compare-data/${result.file_id}`)).json();
    expect(data.plan).toEqual(proposal.plan);
    const readBack = await call(t.app, user, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_data: data.converted_csv, original_filename: 'countries.csv', plan: data.plan },
    });
    expect(readBack.statusCode, readBack.body).toBe(200);
    expect(readBack.json().data).toEqual(JSON.parse(COUNTRIES.toString('utf8')));

    const compared = await call(t.app, user, 'POST', '/api/convert/compare-analysis', {
      payload: { file_id: result.file_id },
    });
    expect(compared.statusCode, compared.body).toBe(200);
    expect(compared.json().analysis.data_integrity).toBe(100);
    expect(compared.json().quality_score).toBe(100);
  });

  it('takes a map of records (a Firebase-style export): the records path kept, the records read back exactly', async () => {
    const firebase = fixture('firebase-export.json');
    const proposal = (await propose(firebase, '?records=users')).json();
    expect(proposal.plan.records).toMatchObject({ path: 'users', shape: 'map' });
    const plan = JSON.stringify(proposal.plan);
    const converted = await uploadFile(
      t.app,
      user,
      { name: 'firebase.json', content: firebase },
      { plan, records: 'users', excel_safe: 'false' },
    );
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json().records).toBe(5);
    // The export's `meta` beside `users` is not converted: named in the answer, and counted as lost below.
    expect(converted.json().left_out).toMatchObject({ parts: [{ path: 'meta', bytes: 64 }], count: 1 });
    const metadata = (await call(t.app, user, 'GET', `/api/files/${converted.json().file_id}/metadata`)).json();
    expect(metadata.options).toMatchObject({ records: 'users', plan: proposal.plan });
    const tested = await call(t.app, user, 'POST', `/api/convert/round-trip-test?${new URLSearchParams({ plan })}`, {
      payload: firebase,
      headers: { 'content-type': 'application/json' },
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().quality_score).toBe(96.3);
  });

  it('compares texts sent with their plan, and refuses a wrong plan there with a 400', async () => {
    const original = JSON.stringify([{ id: 1, tags: ['a', 'b'] }]);
    const plan = { version: 1, paths: [{ path: 'tags', strategy: 'join' }] };
    const compared = await call(t.app, user, 'POST', '/api/convert/compare-analysis', {
      payload: { original_json: original, csv_data: 'id,tags\n1,a; b\n', plan },
    });
    expect(compared.statusCode, compared.body).toBe(200);
    expect(compared.json().quality_score).toBe(100);
    const unplanned = await call(t.app, user, 'POST', '/api/convert/compare-analysis', {
      payload: { original_json: original, csv_data: 'id,tags\n1,a; b\n' },
    });
    expect(unplanned.json().quality_score).toBeLessThan(100);
    const wrong = await call(t.app, user, 'POST', '/api/convert/compare-analysis', {
      payload: { original_json: original, csv_data: 'id\n1\n', plan: { version: 1, paths: [{ path: 'x' }] } },
    });
    expect(wrong.statusCode).toBe(400);
    const table = await call(
      t.app,
      user,
      'POST',
      '/api/convert/round-trip-test?plan=' +
        encodeURIComponent(JSON.stringify({ version: 1, paths: [{ path: 'tags', strategy: 'table' }] })),
      {
        payload: original,
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(table.statusCode).toBe(400);
    expect(table.json().detail).toMatch(/relational output/);
  });

  it('runs the round-trip test under a plan as lossless', async () => {
    const proposal = (await propose(COUNTRIES)).json();
    const query = new URLSearchParams({ plan: JSON.stringify(proposal.plan) });
    const response = await call(t.app, user, 'POST', `/api/convert/round-trip-test?${query}`, {
      payload: COUNTRIES,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().quality_score).toBe(100);
    expect(response.json().analysis.data_integrity).toBe(100);
  });

  it('converts pasted text with a plan and a download with a plan', async () => {
    const text = JSON.stringify([{ id: 1, tags: ['a', 'b', 'c'] }]);
    const plan = JSON.stringify({ version: 1, paths: [{ path: 'tags', strategy: 'join' }] });
    const query = new URLSearchParams({ plan });
    const download = await call(t.app, user, 'POST', `/api/convert/text/download?${query}`, {
      payload: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toBe('id,tags\n1,"a; b; c"\n');
    const stored = await call(t.app, user, 'POST', `/api/convert/text?${query}`, {
      payload: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().columns).toBe(2);
  });

  it('reads a CSV back into JSON under the plan it was written with', async () => {
    const plan = JSON.stringify({ version: 1, paths: [{ path: 'tags', strategy: 'join' }] });
    const converted = await uploadFile(t.app, user, { name: 'tags.csv', content: 'id,tags\n1,a; b\n' }, { plan });
    expect(converted.statusCode, converted.body).toBe(200);
    const { file_id } = converted.json();
    const download = await call(t.app, user, 'GET', `/api/files/download/${file_id}`);
    expect(JSON.parse(download.body)).toEqual([{ id: 1, tags: ['a', 'b'] }]);
    const metadata = (await call(t.app, user, 'GET', `/api/files/${file_id}/metadata`)).json();
    expect(metadata.options.plan).toEqual(JSON.parse(plan));
  });

  it.each([
    ['not JSON', '{version: 1', /not valid JSON/],
    ['a wrong shape', JSON.stringify({ version: 2, paths: [] }), /not valid at \/version/],
    [
      'two rows paths',
      JSON.stringify({
        version: 1,
        paths: [
          { path: 'a', strategy: 'rows' },
          { path: 'b', strategy: 'rows' },
        ],
      }),
      /Only one path can be exploded into rows/,
    ],
  ])('refuses a plan that is %s with a 400 saying why', async (_what, plan, message) => {
    const response = await uploadFile(t.app, user, { name: 'a.json', content: '[{"a":[1]}]' }, { plan });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toMatch(message);
  });
});
