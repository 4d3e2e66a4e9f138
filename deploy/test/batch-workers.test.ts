import type { BatchJob } from '@unnest/contracts';
import { jsonToCsvText } from '@unnest/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchBody, zipEntries } from '../../packages/server/test/support/batch-client.js';
import { SmtpInbox } from '../../packages/server/test/support/smtp-inbox.js';
import { type Cluster, startCluster } from '../lib/cluster.mjs';
import { ClusterClient } from './support/cluster-client.js';

// Several processes share one database: PostgreSQL only, as in cluster.test.ts.
const DATABASE_URL = process.env.DATABASE_URL;

/** A JSON array of `count` nested records, different for every `seed`. */
function records(seed: number, count: number): string {
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      id: seed * 1_000_000 + i,
      name: `file ${seed} record ${i}`,
      owner: { team: `team-${(seed + i) % 5}`, tags: ['x', `y${i % 4}`] },
      amount: i * 0.25,
    })),
  );
}

describe('one batch over two worker processes, behind API-only processes (WORKERS=0)', () => {
  let inbox: SmtpInbox;
  let cluster: Cluster;

  beforeAll(async () => {
    if (!DATABASE_URL) throw new Error('The batch workers test runs on PostgreSQL: set DATABASE_URL');
    inbox = await SmtpInbox.start();
    cluster = await startCluster({ databaseUrl: DATABASE_URL, smtpUrl: inbox.url });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await inbox?.close();
  }, 60_000);

  it('has its files converted by both workers, and the ZIP holds every result byte for byte', async () => {
    const client = new ClusterClient(cluster.url);
    const account = await client.signUp(inbox, 'batcher@example.com', 'batcher password');
    // Business converts up to 4 of one user's files at once, so both workers can take this user's files.
    expect(await cluster.admin(['grant', account.email, 'business'])).toContain('business');
    const { authorization } = await client.signIn(account.email, account.password);

    const files = Array.from({ length: 12 }, (_, seed) => ({
      name: `part-${seed}.json`,
      content: records(seed, 20_000),
    }));
    const { payload, headers } = batchBody(files);
    const started = await fetch(`${cluster.url}/api/convert/batch`, {
      method: 'POST',
      headers: { ...headers, authorization },
      body: payload,
    });
    expect(started.status).toBe(200);
    const jobId = ((await started.json()) as BatchJob).job_id;
    const status = async () => {
      const response = await fetch(`${cluster.url}/api/batch/job/${jobId}`, { headers: { authorization } });
      return (await response.json()) as BatchJob;
    };
    await expect.poll(async () => (await status()).status, { timeout: 180_000, interval: 500 }).toBe('completed');
    const job = await status();
    expect(job).toMatchObject({ total_files: 12, successful_files: 12, failed_files: 0 });

    // Each file names the process that converted it (host:pid:tag): both workers, never an API process.
    const pids = new Set(job.files.map((file) => Number(file.worker?.split(':')[1])));
    const workerPids = ['worker-1', 'worker-2'].map((name) => cluster.process(name).child.pid);
    expect([...pids].sort()).toEqual([...workerPids].sort());

    const zip = await fetch(`${cluster.url}/api/batch/download/${jobId}`, { headers: { authorization } });
    expect(zip.status).toBe(200);
    const entries = await zipEntries(Buffer.from(await zip.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name.replace('.json', '.csv')));
    for (const [index, entry] of entries.entries()) {
      expect(entry.bytes.toString('utf8')).toBe(await jsonToCsvText((files[index] as { content: string }).content));
    }
  }, 240_000);
});
