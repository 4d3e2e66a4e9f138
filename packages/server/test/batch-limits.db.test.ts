import { randomUUID } from 'node:crypto';
import { BATCH_TEXTS, type BatchJob } from '@unnest/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFiles, batchJobs } from '../src/db/schema.js';
import type { DomainEvent } from '../src/platform/domain-events.js';
import { planLimits, storageLimitBytes } from '../src/platform/plan-catalogue.js';
import { call, signedInUser } from './support/api-client.js';
import { startBatch } from './support/batch-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// No workers: jobs stay queued, so what is checked here happens before any conversion.
let t: TestApp;
const events: DomainEvent<'batch.completed'>[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { WORKERS: '0' } });
  t.events.subscribe('batch.completed', async (event) => {
    events.push(event);
  });
});

afterAll(async () => {
  await t?.close();
});

/** The rows of a raw query: node-postgres answers `{rows}`, PGlite's driver the rows themselves. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const answer = result as { rows?: Array<Record<string, unknown>> };
  return answer.rows ?? (result as Array<Record<string, unknown>>);
}

/** Fills the user's storage with a stored batch file of `bytes`, as if uploaded before. */
async function fill(userId: string, bytes: number): Promise<void> {
  const jobId = randomUUID();
  await t.database.handle.db.insert(batchJobs).values({
    id: jobId,
    userId,
    status: 'completed',
    options: {},
    priority: 1,
    tier: 'professional',
    createdAt: t.clock.now(),
    completedAt: t.clock.now(),
  });
  await t.database.handle.db.insert(batchFiles).values({
    id: randomUUID(),
    jobId,
    userId,
    position: 0,
    fileName: 'filler.json',
    resultName: 'filler.csv',
    inputFormat: 'json',
    outputFormat: 'csv',
    originalKey: `batches/${userId}/${jobId}/filler/original.json`,
    resultKey: `batches/${userId}/${jobId}/filler/result.csv`,
    fileSize: bytes,
    resultSize: 0,
    status: 'completed',
  });
}

describe('the storage quota under parallel uploads', () => {
  it('lets exactly one of three parallel batches take the last free bytes', async () => {
    const user = await signedInUser(t, 'batch-quota');
    await t.auth.setPlan(user.email, 'professional');
    const content = `[${'{"a":1},'.repeat(300)}{"a":2}]`;
    await fill(user.id, storageLimitBytes(planLimits('professional')) - Math.ceil(content.length * 1.5));
    const answers = await Promise.all(
      [1, 2, 3].map((n) => startBatch(t.app, user, [{ name: `last-${n}.json`, content }])),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 413, 413]);
    for (const refused of answers.filter((answer) => answer.statusCode === 413)) {
      expect(refused.json()).toMatchObject({ code: 'STORAGE_LIMIT_REACHED' });
    }
    const keys = await t.storage.list(`batches/${user.id}`);
    expect(keys.filter((key) => key.endsWith('original.json'))).toHaveLength(1);
  });
});

describe('cancelling a queued job', () => {
  it('cancels its files, keeps the job in the history and tells listeners once', async () => {
    const user = await signedInUser(t, 'batch-cancel');
    await t.auth.setPlan(user.email, 'business');
    const started = await startBatch(t.app, user, [
      { name: 'one.json', content: '[{"a":1}]' },
      { name: 'two.csv', content: 'a\n1\n' },
    ]);
    const job = started.json() as BatchJob;
    expect(job.status).toBe('pending');
    const cancelled = (await call(t.app, user, 'POST', `/api/batch/job/${job.job_id}/cancel`, { payload: {} })).json();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_files: 2, processed_files: 2 });
    for (const file of (cancelled as BatchJob).files) {
      expect(file).toMatchObject({ status: 'cancelled', error: BATCH_TEXTS.cancelled, download_url: null });
    }
    // Cancelling again changes nothing and tells no one again.
    await call(t.app, user, 'POST', `/api/batch/job/${job.job_id}/cancel`, { payload: {} });
    const told = events.filter((event) => event.jobId === job.job_id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      id: `batch.completed:${job.job_id}`,
      userId: user.id,
      status: 'cancelled',
      totalFiles: 2,
      successfulFiles: 0,
      failedFiles: 0,
    });
    const zip = await call(t.app, user, 'GET', `/api/batch/download/${job.job_id}`);
    expect(zip.statusCode).toBe(404);
    expect(zip.json().detail).toBe(BATCH_TEXTS.noCompleted);
  });
});

describe('the queue', () => {
  it("queues each file with its plan's priority, in its user's group of the plan's tier", async () => {
    const user = await signedInUser(t, 'batch-queue');
    await t.auth.setPlan(user.email, 'business');
    const started = await startBatch(t.app, user, [
      { name: 'one.json', content: '[{"a":1}]' },
      { name: 'two.json', content: '[{"a":2}]' },
    ]);
    const job = started.json() as BatchJob;
    const queued = await t.database.handle.db.execute(
      sql`select priority, group_id, group_tier, data->>'fileId' as file_id from pgboss.job where name = 'batch.convert-file' and group_id = ${user.id}`,
    );
    const rows = rowsOf(queued);
    expect(rows.map((row) => row.file_id).sort()).toEqual(job.files.map((file) => file.file_id).sort());
    for (const row of rows) {
      expect(row).toMatchObject({ priority: planLimits('business').queuePriority, group_tier: 'business' });
    }
  });
});

describe('stored batch bytes without a job', () => {
  it('are deleted by the sweep; bytes of existing jobs stay', async () => {
    const user = await signedInUser(t, 'batch-orphans');
    await t.auth.setPlan(user.email, 'professional');
    const kept = (await startBatch(t.app, user, [{ name: 'kept.json', content: '[{"a":1}]' }])).json() as BatchJob;
    const stray = `batches/${user.id}/${randomUUID()}/${randomUUID()}/original.json`;
    await t.storage.put(
      stray,
      (async function* () {
        yield Buffer.from('[]');
      })(),
    );
    expect(await t.batch.sweepOrphans()).toBeGreaterThanOrEqual(1);
    const keys = await t.storage.list(`batches/${user.id}`);
    expect(keys).not.toContain(stray);
    expect(keys.filter((key) => key.includes(kept.job_id))).toHaveLength(1);
  });
});

describe('analysis of a job without converted files', () => {
  it('answers no results when sent without a body', async () => {
    const user = await signedInUser(t, 'batch-analyze-none');
    await t.auth.setPlan(user.email, 'professional');
    const job = (await startBatch(t.app, user, [{ name: 'queued.json', content: '[{"a":1}]' }])).json() as BatchJob;
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/batch/job/${job.job_id}/analyze`,
      headers: user.auth,
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toMatchObject({ results: [], job: { job_id: job.job_id, analyzed_files: 0 } });
  });
});

describe('a file whose queue job was lost', () => {
  it('is queued again once its job is ten minutes old, and only then', async () => {
    const user = await signedInUser(t, 'batch-lost');
    await t.auth.setPlan(user.email, 'professional');
    const job = (await startBatch(t.app, user, [{ name: 'lost.json', content: '[{"a":1}]' }])).json() as BatchJob;
    const fileId = job.files[0]?.file_id as string;
    const queued = async () => {
      const found = await t.database.handle.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'batch.convert-file' and data->>'fileId' = ${fileId}`,
      );
      return Number(rowsOf(found)[0]?.n);
    };
    expect(await queued()).toBe(1);
    expect(await t.batch.requeueLost()).toBe(0);
    await t.database.handle.db.execute(
      sql`delete from pgboss.job where name = 'batch.convert-file' and data->>'fileId' = ${fileId}`,
    );
    expect(await t.batch.requeueLost()).toBe(0);
    t.clock.advance(11 * 60 * 1000);
    expect(await t.batch.requeueLost()).toBe(1);
    expect(await queued()).toBe(1);
    // Queued now: the next run leaves it alone.
    expect(await t.batch.requeueLost()).toBe(0);
  });
});
