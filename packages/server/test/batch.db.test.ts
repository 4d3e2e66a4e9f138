import { buffer } from 'node:stream/consumers';
import { BATCH_TEXTS, type BatchAnalyzeResponse, type BatchHistoryResponse, type BatchJob } from '@unnest/contracts';
import { csvToJson, jsonToCsv } from '@unnest/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/platform/domain-events.js';
import { call, signedInAgain, signedInUser, type TestUser } from './support/api-client.js';
import { finalJob, startBatch, zipEntries } from './support/batch-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let pro: TestUser;
let other: TestUser;
const finished: DomainEvent<'batch.completed'>[] = [];

const people = JSON.stringify([
  { name: 'Ada', born: 1815, tags: ['math', 'engines'], address: { city: 'London' } },
  { name: 'Grace', born: 1906, tags: ['cobol'], address: { city: 'New York' } },
]);
// Written as text: the big integer must reach the server as written.
const prices = '[{"sku":"A-1","price":12345678901234567890},{"sku":"=B2","price":0.1}]';
const broken = '[{"a": 1},\n {"a": 2,,}]';
const table = 'id,name\n1,Ada\n2,Grace\n';

beforeAll(async () => {
  t = await startTestApp({ env: { WORKERS: '2' } });
  t.events.subscribe('batch.completed', async (event) => {
    finished.push(event);
  });
  pro = await signedInUser(t, 'batch-pro');
  other = await signedInUser(t, 'batch-other');
  await t.auth.setPlan(pro.email, 'professional');
  await t.auth.setPlan(other.email, 'business');
});

afterAll(async () => {
  await t?.close();
});

describe('a batch of three JSON files and a CSV, one of them invalid', () => {
  let job: BatchJob;

  beforeAll(async () => {
    const started = await startBatch(t.app, pro, [
      { name: 'people.json', content: people },
      { name: 'broken.json', content: broken },
      { name: 'prices.json', content: prices },
      { name: 'table.csv', content: table },
    ]);
    expect(started.statusCode, started.body).toBe(200);
    const answer = started.json() as BatchJob;
    expect(answer).toMatchObject({ total_files: 4, processed_files: 0, errors: [] });
    // The files are queued before the answer is read: two workers may already hold one each.
    const waiting = ['pending', 'processing'];
    expect(answer.files.map((file) => [file.file_name, file.file_size])).toEqual([
      ['people.json', Buffer.byteLength(people)],
      ['broken.json', Buffer.byteLength(broken)],
      ['prices.json', Buffer.byteLength(prices)],
      ['table.csv', Buffer.byteLength(table)],
    ]);
    for (const file of answer.files) expect(waiting).toContain(file.status);
    expect(answer.status).toBe(answer.files.some((file) => file.status === 'processing') ? 'processing' : 'pending');
    job = await finalJob(t.app, pro, answer.job_id);
  });

  it('converts the good files and fails the invalid one alone, with its position', async () => {
    expect(job).toMatchObject({
      status: 'completed',
      total_files: 4,
      successful_files: 3,
      failed_files: 1,
      processed_files: 4,
      progress_percentage: 100,
    });
    expect(job.total_processing_time).toBeGreaterThanOrEqual(0);
    const failed = job.files.find((file) => file.file_name === 'broken.json');
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/^File conversion failed: .*line 2/);
    expect(failed?.download_url).toBeNull();
    expect(job.errors).toEqual([{ file_id: failed?.file_id, file_name: 'broken.json', error: failed?.error }]);
    // The job reads completed as soon as its row says so; its event is published just after.
    await expect
      .poll(() => finished.filter((event) => event.jobId === job.job_id))
      .toEqual([
        expect.objectContaining({
          id: `batch.completed:${job.job_id}`,
          status: 'completed',
          totalFiles: 4,
          successfulFiles: 3,
          failedFiles: 1,
        }),
      ]);
    for (const file of job.files.filter((f) => f.file_name !== 'broken.json')) {
      expect(file).toMatchObject({ status: 'completed', progress: 100, bytes_read: file.file_size });
      expect(file.download_url).toMatch(new RegExp(`/${encodeURIComponent(file.result_file_name)}$`));
      expect(file.worker).toEqual(expect.any(String));
    }
  });

  it('says, as a synchronous conversion does, which records held a key twice (none here; one in a file of its own)', async () => {
    for (const file of job.files.filter((f) => f.status === 'completed')) expect(file.duplicate_keys).toBeNull();
    // Its own account: the storage and history of `pro` are counted by the tests after this one.
    const own = await signedInUser(t, 'batch-twice');
    await t.auth.setPlan(own.email, 'professional');
    const started = await startBatch(t.app, own, [
      { name: 'twice.json', content: '[{"a":1},{"a":2,"a":3}]' },
      { name: 'cut.json', content: String.raw`[{"t":"\udc00 x"}]` },
    ]);
    expect(started.statusCode, started.body).toBe(200);
    const twice = await finalJob(t.app, own, started.json().job_id);
    const byName = new Map(twice.files.map((file) => [file.file_name, file]));
    expect(byName.get('twice.json')).toMatchObject({
      status: 'completed',
      duplicate_keys: { records: 1, record: 2, key: 'a' },
      lone_surrogates: null,
    });
    // And which strings held a lone surrogate, written as U+FFFD.
    expect(byName.get('cut.json')).toMatchObject({
      status: 'completed',
      lone_surrogates: { cells: 1, examples: [{ column: 't', value: String.raw`\udc00 x` }] },
    });
  });

  it('downloads each converted file and a ZIP of them, byte for byte what the engine writes', async () => {
    const expected = new Map([
      ['people.csv', await buffer(jsonToCsv([Buffer.from(people)], { excelSafe: true }))],
      ['prices.csv', await buffer(jsonToCsv([Buffer.from(prices)], { excelSafe: true }))],
      ['table.json', await buffer(csvToJson([Buffer.from(table)]))],
    ]);
    for (const file of job.files.filter((f) => f.status === 'completed')) {
      const download = await call(t.app, pro, 'GET', file.download_url as string);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(expected.get(file.result_file_name) as Buffer)).toBe(true);
    }
    const zip = await call(t.app, pro, 'GET', job.download_url);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['people.csv', 'prices.csv', 'table.json']);
    for (const entry of entries) expect(entry.bytes.equals(expected.get(entry.name) as Buffer)).toBe(true);
  });

  it('analyses each converted file by its round trip and stores the analysis with it', async () => {
    const response = await call(t.app, pro, 'POST', `/api/batch/job/${job.job_id}/analyze`, { payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as BatchAnalyzeResponse;
    expect(answer.results.map((result) => result.file_name)).toEqual(['people.json', 'prices.json', 'table.csv']);
    const peopleResult = answer.results[0];
    expect(peopleResult?.error).toBeNull();
    expect(peopleResult?.analysis).toMatchObject({
      quality_score: expect.any(Number),
      trust_score: expect.any(Number),
      data_integrity: { preserved_fields: expect.any(Number), lost_fields: 0 },
    });
    // The formula guard changed '=B2' on the way; the comparison reads the CSV back as the job wrote it (the
    // guard undone), so the faithful conversion scores 100 with the guarded value counted as such.
    const pricesResult = answer.results[1];
    expect(pricesResult?.analysis?.quality_score).toBe(100);
    expect(pricesResult?.analysis?.guarded_values).toBe(1);
    const stored = (await call(t.app, pro, 'GET', `/api/batch/job/${job.job_id}`)).json() as BatchJob;
    expect(stored.analyzed_files).toBe(3);
    const storedPeople = stored.files.find((file) => file.file_name === 'people.json');
    expect(storedPeople?.quality_score).toBe(peopleResult?.analysis?.quality_score);
    expect(storedPeople?.quality).toEqual(peopleResult?.analysis);
  });

  it('is in the history, and another user finds none of its ids', async () => {
    const history = (await call(t.app, pro, 'GET', '/api/batch/jobs')).json() as BatchHistoryResponse;
    expect(history.jobs.map((entry) => entry.job_id)).toContain(job.job_id);
    const file = job.files[0];
    for (const [method, url] of [
      ['GET', `/api/batch/job/${job.job_id}`],
      ['GET', `/api/convert/batch/status/${job.job_id}`],
      ['GET', `/api/batch/download/${job.job_id}`],
      ['GET', file?.download_url as string],
      ['POST', `/api/batch/job/${job.job_id}/cancel`],
      ['POST', `/api/batch/job/${job.job_id}/analyze`],
      ['DELETE', `/api/batch/job/${job.job_id}`],
    ] as const) {
      const response = await call(t.app, other, method, url, method === 'POST' ? { payload: {} } : {});
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = (await call(t.app, other, 'GET', '/api/batch/jobs')).json() as BatchHistoryResponse;
    expect(theirs.jobs.map((entry) => entry.job_id)).not.toContain(job.job_id);
  });

  it('counts its uploads and results in the account’s storage, as single conversions see it', async () => {
    const batchBytes = job.files.reduce((sum, file) => sum + file.file_size + (file.result_size ?? 0), 0);
    expect(batchBytes).toBeGreaterThan(0);
    const singleBytes = (await call(t.app, pro, 'GET', '/api/files')).json().total_size as number;
    expect(await t.files.storedBytes(pro.id)).toBe(singleBytes + batchBytes);
  });
});

describe('the plan and the request limits', () => {
  it('refuses accounts without batch processing with the upsell text', async () => {
    const free = await signedInUser(t, 'batch-free');
    const response = await startBatch(t.app, free, [{ name: 'a.json', content: '[]' }]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', detail: BATCH_TEXTS.notInPlan });
  });

  it('refuses more files than the plan allows, other types and an empty request, keeping nothing', async () => {
    const before = (await call(t.app, pro, 'GET', '/api/batch/jobs')).json() as BatchHistoryResponse;
    const keysBefore = await t.storage.list(`batches/${pro.id}`);
    const many = Array.from({ length: 26 }, (_, i) => ({ name: `f${i}.json`, content: '[{"a":1}]' }));
    const tooMany = await startBatch(t.app, pro, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe('Maximum 25 files allowed. Selected 26 files.');
    const wrong = await startBatch(t.app, pro, [
      { name: 'a.json', content: '[]' },
      { name: 'b.txt', content: 'x' },
      { name: 'c.xml', content: '<a/>' },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(BATCH_TEXTS.wrongType(2));
    const none = await startBatch(t.app, pro, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(BATCH_TEXTS.noFiles);
    const after = (await call(t.app, pro, 'GET', '/api/batch/jobs')).json() as BatchHistoryResponse;
    expect(after.total).toBe(before.total);
    expect(await t.storage.list(`batches/${pro.id}`)).toEqual(keysBefore);
  });
});

describe('history, cancel and delete', () => {
  it('pages newest first, cancels a running job, deletes one job and then all, with their bytes', async () => {
    const user = await signedInUser(t, 'batch-history');
    await t.auth.setPlan(user.email, 'enterprise');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      const started = await startBatch(t.app, user, [{ name: `n${i}.json`, content: `[{"n":${i}}]` }]);
      ids.push((started.json() as BatchJob).job_id);
    }
    for (const id of ids) await finalJob(t.app, user, id);
    const page = (await call(t.app, user, 'GET', '/api/batch/jobs?page=1&page_size=2')).json() as BatchHistoryResponse;
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.jobs.map((job) => job.job_id)).toEqual([ids[2], ids[1]]);
    const second = (
      await call(t.app, user, 'GET', '/api/batch/jobs?page=2&page_size=2')
    ).json() as BatchHistoryResponse;
    expect(second.jobs.map((job) => job.job_id)).toEqual([ids[0]]);

    // A final job stays as it is when cancelled.
    const cancelled = await call(t.app, user, 'POST', `/api/batch/job/${ids[0]}/cancel`, { payload: {} });
    expect(cancelled.json()).toMatchObject({ status: 'completed' });

    const deleted = await call(t.app, user, 'DELETE', `/api/batch/job/${ids[0]}`);
    expect(deleted.json()).toMatchObject({ success: true });
    expect((await call(t.app, user, 'GET', `/api/batch/job/${ids[0]}`)).statusCode).toBe(404);
    expect(await t.storage.list(`batches/${user.id}/${ids[0]}`)).toEqual([]);
    const cleared = await call(t.app, user, 'DELETE', '/api/batch/jobs');
    expect(cleared.json()).toMatchObject({ success: true, deleted_jobs: 2 });
    expect(await t.storage.list(`batches/${user.id}`)).toEqual([]);
    const empty = (await call(t.app, user, 'GET', '/api/batch/jobs')).json() as BatchHistoryResponse;
    expect(empty).toMatchObject({ jobs: [], total: 0 });
  });
});

describe('retention', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  async function endedJob(user: TestUser, name: string): Promise<BatchJob> {
    const current = await signedInAgain(t, user);
    const started = await startBatch(t.app, current, [{ name, content: people }]);
    expect(started.statusCode, started.body).toBe(200);
    return finalJob(t.app, current, (started.json() as BatchJob).job_id);
  }
  // Signed in again each time: the fake clock runs past access tokens' lifetime.
  const exists = async (user: TestUser, job: BatchJob) =>
    (await call(t.app, await signedInAgain(t, user), 'GET', `/api/batch/job/${job.job_id}`)).statusCode === 200;
  const stored = (user: TestUser, job: BatchJob) => t.storage.list(`batches/${user.id}/${job.job_id}`);

  it("deletes an ended job with its files once the plan's retention (within auto-delete) has passed since it ended", async () => {
    // Professional keeps 7 days (auto-delete's default is 30); Business 30 days, here cut to 7 by the
    // user's setting; Enterprise with auto-delete off keeps until deleted.
    const weekly = await signedInUser(t, 'batch-keep-professional');
    await t.auth.setPlan(weekly.email, 'professional');
    const chosen = await signedInUser(t, 'batch-keep-business');
    await t.auth.setPlan(chosen.email, 'business');
    const saved = await call(t.app, chosen, 'PUT', '/api/profile/settings', { payload: { auto_delete_days: 7 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const forever = await signedInUser(t, 'batch-keep-enterprise');
    await t.auth.setPlan(forever.email, 'enterprise');
    await call(t.app, forever, 'PUT', '/api/profile/settings', { payload: { auto_delete_days: 0 } });

    const first = await endedJob(weekly, 'first.json');
    t.clock.advance(DAY_MS);
    const second = await endedJob(weekly, 'second.json');
    const business = await endedJob(chosen, 'business.json');
    const kept = await endedJob(forever, 'kept.json');
    for (const job of [first, second, business]) {
      expect(job.completed_at).not.toBeNull();
      expect(Date.parse(job.expires_at ?? '') - Date.parse(job.completed_at ?? '')).toBe(7 * DAY_MS);
    }
    expect(kept.expires_at).toBeNull();
    expect((await stored(weekly, first)).length).toBeGreaterThan(0);

    // A second before the first job's time is up, nothing of these goes.
    t.clock.advance(6 * DAY_MS - 1000);
    await t.batch.purgeExpired();
    expect(await exists(weekly, first)).toBe(true);

    t.clock.advance(1000);
    expect(await t.batch.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await exists(weekly, first)).toBe(false);
    expect(await stored(weekly, first)).toEqual([]);
    expect(await exists(weekly, second)).toBe(true);
    expect(await exists(chosen, business)).toBe(true);

    t.clock.advance(DAY_MS);
    await t.batch.purgeExpired();
    expect(await exists(weekly, second)).toBe(false);
    expect(await exists(chosen, business)).toBe(false);
    expect(await stored(chosen, business)).toEqual([]);
    expect(await exists(forever, kept)).toBe(true);
    expect((await stored(forever, kept)).length).toBeGreaterThan(0);
    // Run again (a retried job): nothing left to do, nothing fails.
    expect(await t.batch.purgeExpired()).toBe(0);
  });
});
