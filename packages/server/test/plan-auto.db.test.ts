import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConversionResult, FlattenPlanResponse, JobStatus } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// plan=auto: the conversion endpoints profile the whole input in the worker and apply the proposal.

const fixture = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../testdata/flattening/${path}`, import.meta.url)));
const COUNTRIES = fixture('world-countries/countries.json');
const FIREBASE = fixture('firebase-export.json');

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  // Two workers: one of them is the bulk lane the jobs run in.
  t = await startTestApp({ env: { WORKERS: '2' } });
  user = await signedInUser(t, 'auto-planner');
  // Professional: API access (async jobs), relational output and these file sizes.
  await t.auth.setPlan(user.email, 'professional');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function propose(content: Buffer, query = ''): Promise<FlattenPlanResponse> {
  const response = await call(t.app, user, 'POST', `/api/convert/plan${query}`, {
    payload: content,
    headers: { 'content-type': 'application/json' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function download(result: { download_url: string }): Promise<Buffer> {
  const response = await call(t.app, user, 'GET', result.download_url);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('plan=auto', () => {
  it('converts a file under the proposal: the bytes of the same plan sent, the plan applied in the answer and the metadata', async () => {
    const { sample: _sample, paths: _paths, ...proposal } = await propose(COUNTRIES);
    const fields = { excel_safe: 'false', output_format: 'csv' };
    const auto = await uploadFile(
      t.app,
      user,
      { name: 'countries.json', content: COUNTRIES },
      { ...fields, plan: 'auto' },
    );
    expect(auto.statusCode, auto.body).toBe(200);
    const result = auto.json() as ConversionResult;
    expect(result.applied_plan).toEqual(proposal);
    expect(result.applied_plan?.columns).toEqual({ before: 1270, after: 31 });
    expect(result.columns).toBe(31);
    const given = await uploadFile(
      t.app,
      user,
      { name: 'countries.json', content: COUNTRIES },
      { ...fields, plan: JSON.stringify(proposal.plan) },
    );
    expect(given.statusCode, given.body).toBe(200);
    expect((await download(result)).equals(await download(given.json()))).toBe(true);
    // Kept as a given plan is: the file compares under it.
    const metadata = (await call(t.app, user, 'GET', `/api/files/${result.file_id}/metadata`)).json();
    expect(metadata.options.plan).toEqual(proposal.plan);
    const compared = await call(t.app, user, 'POST', '/api/convert/compare-analysis', {
      payload: { file_id: result.file_id },
    });
    expect(compared.statusCode, compared.body).toBe(200);
    expect(compared.json().quality_score).toBe(100);
  });

  it('converts pasted text (POST /api/convert/text), and refuses it where the input cannot be read twice', async () => {
    const text = JSON.stringify([
      { id: 1, tags: ['a', 'b', 'c'] },
      { id: 2, tags: ['d'] },
    ]);
    const stored = await call(t.app, user, 'POST', '/api/convert/text?plan=auto&excel_safe=false', {
      payload: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().applied_plan.plan.paths).toContainEqual(
      expect.objectContaining({ path: 'tags', strategy: 'join' }),
    );
    expect((await download(stored.json())).toString('utf8')).toBe('id,tags\n1,"a; b; c"\n2,d\n');
    const streamed = await call(t.app, user, 'POST', '/api/convert/text/download?plan=auto', {
      payload: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().detail).toContain('plan=auto reads the input twice');
  });

  it('applies the relational proposal with relational=true: a ZIP of the tables the saved proposal gives', async () => {
    const { sample: _sample, paths: _paths, ...proposal } = await propose(FIREBASE, '?records=users&relational=true');
    const auto = await uploadFile(
      t.app,
      user,
      { name: 'firebase.json', content: FIREBASE },
      { plan: 'auto', relational: 'true', records: 'users', excel_safe: 'false' },
    );
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json()).toMatchObject({ output_format: 'zip', applied_plan: proposal });
    const given = await uploadFile(
      t.app,
      user,
      { name: 'firebase.json', content: FIREBASE },
      { plan: JSON.stringify(proposal.plan), relational: 'true', records: 'users', excel_safe: 'false' },
    );
    expect(given.statusCode, given.body).toBe(200);
    expect((await download(auto.json())).equals(await download(given.json()))).toBe(true);
  });

  it('is refused for CSV input, which reads back under a saved plan', async () => {
    const refused = await uploadFile(t.app, user, { name: 'a.csv', content: 'a\n1\n' }, { plan: 'auto' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('plan=auto applies to JSON input only');
  });

  it('runs in an asynchronous job too: the job file holds what the synchronous conversion gives', async () => {
    const job = await settled((await convertAsync(COUNTRIES, { plan: 'auto', excel_safe: 'false' })).job_id);
    expect(job.status).toBe('completed');
    const synchronous = await uploadFile(
      t.app,
      user,
      { name: 'countries.json', content: COUNTRIES },
      { plan: 'auto', excel_safe: 'false' },
    );
    const result = await call(t.app, user, 'GET', job.result_url as string);
    expect(result.rawPayload.equals(await download(synchronous.json()))).toBe(true);
    expect(job.files[0]?.applied_plan).toEqual(synchronous.json().applied_plan);
  });

  it('answers, for an asynchronous job as for the synchronous conversion, where the records were and what was left out', async () => {
    const wrapped = JSON.stringify({ meta: { source: 'export', page: 1 }, items: [{ id: 1 }, { id: 2 }] });
    const job = await settled((await convertAsync(wrapped)).job_id);
    expect(job.status).toBe('completed');
    const synchronous = (await uploadFile(t.app, user, { name: 'wrapped.json', content: wrapped })).json();
    expect(synchronous).toMatchObject({ records_path: 'items', left_out: { parts: [{ path: 'meta' }], count: 1 } });
    expect(job.files[0]).toMatchObject({ records_path: synchronous.records_path, left_out: synchronous.left_out });
    expect(job.files[0]).not.toHaveProperty('applied_plan');
  });

  it('answers where the records were under plan=auto too: the proposal holds the path, the engine is not asked to find it', async () => {
    const wrapped = JSON.stringify({ meta: { source: 'export' }, items: [{ id: 1 }, { id: 2 }] });
    const plain = (await uploadFile(t.app, user, { name: 'wrapped.json', content: wrapped })).json();
    const auto = (await uploadFile(t.app, user, { name: 'wrapped.json', content: wrapped }, { plan: 'auto' })).json();
    expect(plain.records_path).toBe('items');
    expect(auto).toMatchObject({ records_path: 'items', left_out: { parts: [{ path: 'meta' }], count: 1 } });
    const map = JSON.stringify({ 'text/a': { ext: 'a', n: 1 }, 'text/b': { ext: 'b', n: 2 }, ...manyTypes() });
    expect(
      (await uploadFile(t.app, user, { name: 'types.json', content: map }, { plan: 'auto' })).json(),
    ).toMatchObject({ records_path: '.' });
    const array = JSON.stringify([{ id: 1 }, { id: 2 }]);
    expect(
      (await uploadFile(t.app, user, { name: 'rows.json', content: array }, { plan: 'auto' })).json(),
    ).toMatchObject({ records_path: null });
  });
});

/** Ten more members alike, so the top-level object reads as a map of records. */
function manyTypes(): Record<string, { ext: string; n: number }> {
  return Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`text/x${i}`, { ext: `x${i}`, n: i }]));
}

/** Starts an asynchronous conversion (POST /api/convert/file?async=1) and answers the job accepted. */
async function convertAsync(
  content: string | Buffer,
  fields: Record<string, string> = {},
): Promise<{ job_id: string }> {
  const { payload, headers } = multipartBody({ name: 'input.json', content }, fields);
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/convert/file?async=1',
    payload,
    headers: { ...headers, ...user.auth },
  });
  expect(accepted.statusCode, accepted.body).toBe(202);
  return accepted.json();
}

/** Polls a job's status until it is final. */
async function settled(jobId: string): Promise<JobStatus> {
  const until = Date.now() + 20_000;
  for (;;) {
    const job = (await call(t.app, user, 'GET', `/api/jobs/${jobId}/status`)).json() as JobStatus;
    if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
