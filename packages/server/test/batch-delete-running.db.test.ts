import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchJob } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser } from './support/api-client.js';
import { startBatch } from './support/batch-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// A batch deleted while its files convert (issue 24, item 6): the conversion stops, and neither bytes nor an
// empty folder stay behind, with nothing logged as failed (the removal used to meet the conversion's writes
// and log ENOTEMPTY, or the conversion made the folder again after it was removed).

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp({ env: { WORKERS: '1' } });
  user = await signedInUser(t, 'batch-delete');
  await t.auth.setPlan(user.email, 'professional');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const jobStatus = async (jobId: string) =>
  (await call(t.app, user, 'GET', `/api/convert/batch/status/${jobId}`)).json() as BatchJob;

describe('deleting a batch while it converts', () => {
  it('stops the conversion and removes its folder whole', async () => {
    const big = `[${'{"a":1,"b":"a value of some length","c":[1,2,3]},'.repeat(60_000)}{"a":2}]`;
    const files = ['one.json', 'two.json'].map((name) => ({ name, content: big }));
    const started = await startBatch(t.app, user, files);
    expect(started.statusCode, started.body).toBe(200);
    const jobId = (started.json() as BatchJob).job_id;
    await expect
      .poll(async () => (await jobStatus(jobId)).files?.some((file) => file.status === 'processing'), {
        timeout: 30_000,
        interval: 50,
      })
      .toBe(true);
    const deleted = await call(t.app, user, 'DELETE', `/api/batch/job/${jobId}`);
    expect(deleted.json()).toMatchObject({ success: true });
    const folder = path.join(t.dataDir, 'files', 'batches', user.id, jobId);
    await expect.poll(() => fs.existsSync(folder), { timeout: 30_000 }).toBe(false);
    // The converting file noticed its claim was gone (at its next progress mark) and removed what it wrote.
    await sleep(2000);
    expect(fs.existsSync(folder)).toBe(false);
    expect(t.logs.filter((line) => line.includes('ENOTEMPTY'))).toEqual([]);
    expect(await t.storage.list(`batches/${user.id}`)).toEqual([]);
  }, 90_000);
});
