import { setTimeout as sleep } from 'node:timers/promises';
import { ASYNC_CONVERSION_TEXTS, type JobStatus, type JobsListResponse } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { finalJob, startBatch } from './support/batch-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The jobs API: asynchronous single conversions (POST /api/convert/file?async=1) and batch jobs,
// listed, followed and cancelled at /api/jobs/*.

let t: TestApp;
const published: string[] = [];
let starter: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: { WORKERS: '2' } });
  for (const type of ['conversion.completed', 'conversion.failed', 'batch.completed'] as const) {
    t.events.subscribe(type, async (event) => {
      published.push(`${event.type} ${event.userId}`);
    });
  }
  starter = await signedInUser(t, 'jobs-starter');
  other = await signedInUser(t, 'jobs-other');
  await t.auth.setPlan(starter.email, 'starter');
  await t.auth.setPlan(other.email, 'professional');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const ORDERS = '[{"id":12345678901234567890,"price":0.1000000000000000055,"user":{"name":"Ada"}},{"id":2}]';

function convertAsync(user: { auth: Record<string, string> }, name: string, content: string, query = 'async=1') {
  const { payload, headers } = multipartBody({ name, content });
  return t.app.inject({
    method: 'POST',
    url: `/api/convert/file?${query}`,
    payload,
    headers: { ...headers, ...user.auth },
  });
}

/** Polls a job's status until it is final. */
async function settled(user: TestUser, jobId: string): Promise<JobStatus> {
  const until = Date.now() + 60_000;
  for (;;) {
    const job = (await call(t.app, user, 'GET', `/api/jobs/${jobId}/status`)).json() as JobStatus;
    if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.status}`);
    await sleep(200);
  }
}

describe('POST /api/convert/file?async=1', () => {
  it('answers 202 with a job at once; its status ends with the file the synchronous path would give', async () => {
    const accepted = await convertAsync(starter, 'orders.json', ORDERS);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const body = accepted.json();
    expect(body).toMatchObject({
      kind: 'conversion',
      file_name: 'orders.json',
      file_size: ORDERS.length,
      status_url: `/api/jobs/${body.job_id}/status`,
    });
    const job = await settled(starter, body.job_id);
    expect(job).toMatchObject({ kind: 'conversion', status: 'completed', total_files: 1, successful_files: 1 });
    expect(job.progress_percentage).toBe(100);
    expect(job.result_url).toBe(job.files[0]?.download_url);
    const result = await call(t.app, starter, 'GET', job.result_url as string);
    const synchronous = await uploadFile(t.app, starter, { name: 'orders.json', content: ORDERS });
    const expected = await call(t.app, starter, 'GET', synchronous.json().download_url);
    expect(result.body).toBe(expected.body);
    expect(result.body).toContain('12345678901234567890,0.1000000000000000055,Ada');
    // Told as a conversion (webhooks, notifications), not as a batch; the synchronous one too. (A job reads
    // completed as soon as its row says so; its event is published just after.)
    await expect
      .poll(() => published.filter((line) => line.endsWith(starter.id)))
      .toEqual([`conversion.completed ${starter.id}`, `conversion.completed ${starter.id}`]);
  });

  it("keeps each array's columns together when group_array_columns is true", async () => {
    // An account of its own, so the other tests' job lists stay as they expect.
    const user = await signedInUser(t, 'jobs-grouped');
    await t.auth.setPlan(user.email, 'starter');
    const orders = '[{"items":[{"sku":"a"}],"note":"n"},{"items":[{"sku":"b"},{"sku":"c"}],"note":"m"}]';
    const accepted = await convertAsync(user, 'grouped.json', orders, 'async=1&group_array_columns=true');
    expect(accepted.statusCode, accepted.body).toBe(202);
    const job = await settled(user, accepted.json().job_id);
    expect(job.status).toBe('completed');
    const result = await call(t.app, user, 'GET', job.result_url as string);
    expect(result.body.replace(/^\uFEFF/, '')).toBe('items.0.sku,items.1.sku,note\na,,n\nb,c,m\n');
  });

  it('says in the file of its status which records held a key twice, as the synchronous answer does', async () => {
    const user = await signedInUser(t, 'jobs-twice');
    await t.auth.setPlan(user.email, 'starter');
    const accepted = await convertAsync(user, 'twice.json', '[{"id":1,"u":{"x":1,"x":2}}]');
    expect(accepted.statusCode, accepted.body).toBe(202);
    const job = await settled(user, accepted.json().job_id);
    expect(job.files[0]).toMatchObject({ status: 'completed', duplicate_keys: { records: 1, record: 1, key: 'u.x' } });
    const cut = await convertAsync(user, 'cut.json', String.raw`[{"t":"a\ud800"}]`);
    expect(cut.statusCode, cut.body).toBe(202);
    expect((await settled(user, cut.json().job_id)).files[0]).toMatchObject({
      status: 'completed',
      lone_surrogates: { cells: 1, examples: [{ column: 't', value: String.raw`a\ud800` }] },
    });
  });

  it('fails the job alone with the positioned error for invalid JSON', async () => {
    const accepted = (await convertAsync(starter, 'broken.json', '[{"a":1},\n{"a":}]')).json();
    const job = await settled(starter, accepted.job_id);
    expect(job.status).toBe('failed');
    expect(job.result_url).toBeNull();
    expect(job.errors[0]?.error).toMatch(/line 2/);
  });

  it('is refused to a plan without API access, and takes only .json and .csv files', async () => {
    const free = await signedInUser(t, 'jobs-free');
    const refused = await convertAsync(free, 'a.json', '[]');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(ASYNC_CONVERSION_TEXTS.notInPlan);
    const text = await convertAsync(starter, 'notes.txt', 'hello');
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    // async=0 is the synchronous conversion.
    const now = await convertAsync(starter, 'now.json', '[{"a":1}]', 'async=0');
    expect(now.statusCode).toBe(200);
    expect(now.json().status).toBe('success');
  });

  it('works with an API key; following the job does not count as an API call', async () => {
    const key = (await call(t.app, starter, 'POST', '/api/keys', { payload: { name: 'jobs' } })).json().key;
    const withKey = { auth: { 'x-api-key': key } };
    const accepted = await convertAsync(withKey, 'keyed.json', ORDERS);
    expect(accepted.statusCode).toBe(202);
    const remaining = Number(accepted.headers['ratelimit-remaining']);
    const status = await t.app.inject({ url: accepted.json().status_url, headers: withKey.auth });
    expect(status.statusCode).toBe(200);
    const listed = await t.app.inject({ url: '/api/jobs/list', headers: withKey.auth });
    expect(Number(listed.headers['ratelimit-remaining'])).toBe(remaining - 1);
  });
});

describe('/api/jobs', () => {
  it('lists conversions and batches, newest first, by kind; the batch history shows only batches', async () => {
    const batch = (
      await startBatch(t.app, other, [
        { name: 'a.json', content: '[{"a":1}]' },
        { name: 'b.json', content: '[{"b":2}]' },
      ])
    ).json();
    await finalJob(t.app, other, batch.job_id);
    t.clock.advance(1000);
    const conversion = (await convertAsync(other, 'single.json', '[{"c":3}]')).json();
    await settled(other, conversion.job_id);
    const all = (await call(t.app, other, 'GET', '/api/jobs/list')).json() as JobsListResponse;
    expect(all.jobs.map((job) => [job.job_id, job.kind])).toEqual([
      [conversion.job_id, 'conversion'],
      [batch.job_id, 'batch'],
    ]);
    expect(all.jobs[1]?.result_url).toBe(`/api/batch/download/${batch.job_id}`);
    const batches = (await call(t.app, other, 'GET', '/api/jobs/list?kind=batch')).json() as JobsListResponse;
    expect(batches.jobs.map((job) => job.job_id)).toEqual([batch.job_id]);
    const history = (await call(t.app, other, 'GET', '/api/batch/jobs')).json();
    expect(history.jobs.map((job: { job_id: string }) => job.job_id)).toEqual([batch.job_id]);
    // Clear All History clears the batches only.
    await call(t.app, other, 'DELETE', '/api/batch/jobs');
    const left = (await call(t.app, other, 'GET', '/api/jobs/list')).json() as JobsListResponse;
    expect(left.jobs.map((job) => job.job_id)).toEqual([conversion.job_id]);
  });

  it('cancels a job; another user gets 404 for every job route', async () => {
    const files = Array.from({ length: 20 }, (_, index) => ({
      name: `f${index}.json`,
      content: JSON.stringify(Array.from({ length: 2000 }, (_, row) => ({ row, index }))),
    }));
    const batch = (await startBatch(t.app, other, files)).json();
    const cancelled = await call(t.app, other, 'POST', `/api/jobs/${batch.job_id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const job = await settled(other, batch.job_id);
    expect(job.status).toBe('cancelled');
    expect(job.cancelled_files).toBeGreaterThan(0);
    for (const [method, url] of [
      ['GET', `/api/jobs/${batch.job_id}/status`],
      ['POST', `/api/jobs/${batch.job_id}/cancel`],
    ] as const) {
      expect((await call(t.app, starter, method, url)).statusCode, url).toBe(404);
    }
    expect((await call(t.app, starter, 'GET', '/api/jobs/not-a-uuid/status')).statusCode).toBe(404);
  });
});
