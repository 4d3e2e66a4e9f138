import type { BatchJob } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from './support/api-client.js';
import { finalJob, startBatch } from './support/batch-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue #29 item 2: a batch file's bytes go storage -> worker thread -> storage. The app's own thread
// (the HTTP thread in `serve`) stores the upload and serves downloads, but never reads an original back
// to convert it: the worker thread opens it from storage itself.
let t: TestApp;
const readsOnAppThread: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    env: { WORKERS: '1' },
    wrapStorage: (storage) => ({
      kind: storage.kind,
      put: (key, body) => storage.put(key, body),
      get: (key) => {
        readsOnAppThread.push(key);
        return storage.get(key);
      },
      delete: (key) => storage.delete(key),
      deletePrefix: (prefix) => storage.deletePrefix(prefix),
      list: (prefix) => storage.list(prefix),
    }),
  });
});

afterAll(async () => {
  await t?.close();
});

describe('a batch file converted', () => {
  it('is read from storage by the worker thread, not by the app thread, and its result is there', async () => {
    const user = await signedInUser(t, 'batch-bytes');
    await t.auth.setPlan(user.email, 'professional');
    const records = JSON.stringify(Array.from({ length: 2_000 }, (_, index) => ({ id: index, name: `n${index}` })));
    const started = await startBatch(t.app, user, [{ name: 'records.json', content: records }]);
    expect(started.statusCode, started.body).toBe(200);
    const job: BatchJob = await finalJob(t.app, user, (started.json() as BatchJob).job_id);
    expect(job).toMatchObject({ status: 'completed', successful_files: 1 });
    expect(job.files[0]?.file_size).toBe(Buffer.byteLength(records));
    expect(readsOnAppThread).toEqual([]);

    const url = job.files[0]?.download_url;
    expect(url).toBeTruthy();
    const download = await call(t.app, user, 'GET', url ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.body.split('\n').slice(0, 2)).toEqual(['id,name', '0,n0']);
    // A download is the app thread's to serve.
    expect(readsOnAppThread).toHaveLength(1);
  });
});
