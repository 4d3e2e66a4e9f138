import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { jsonToCsvText } from '@unnest/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpInbox } from '../../packages/server/test/support/smtp-inbox.js';
import { type Cluster, startCluster } from '../lib/cluster.mjs';
import { testNginxConfig, writeNginxConfig } from '../lib/nginx.mjs';
import { type Account, ClusterClient, jsonUpload } from './support/cluster-client.js';

// The cluster needs a PostgreSQL server (several processes share one database); there is no PGlite
// variant, so this suite is not part of the embedded `npm test` run and fails without DATABASE_URL.
const DATABASE_URL = process.env.DATABASE_URL;
const PRODUCTION_SITE = fileURLToPath(new URL('../nginx/unnest.conf', import.meta.url));

/** A JSON array of `count` nested records, different for every `seed`. */
function records(seed: number, count: number): string {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: seed * 100_000 + i,
    name: `record ${i} of batch ${seed}, "quoted", ünïcödé`,
    owner: { team: `team-${(seed + i) % 7}`, tags: ['a', `b${i % 3}`] },
    amount: (i * 31.25) / (seed + 1),
    active: i % 2 === 0,
  }));
  return JSON.stringify(rows);
}

/** How many uploads a process has started to receive, from its request log. */
function uploadsSeen(cluster: Cluster, name: string): number {
  return cluster.process(name).output().split('"url":"/api/convert/file"').length - 1;
}

/** An acknowledged conversion: whose, which file id, and the CSV it must download as. */
interface Conversion {
  account: Account;
  fileId: string;
  csv: string;
}

/** Downloads each conversion through nginx and compares it byte for byte. */
async function expectDownloads(client: ClusterClient, conversions: Conversion[]): Promise<void> {
  for (const { account, fileId, csv } of conversions) {
    expect(await client.download(account, fileId), fileId).toBe(csv);
  }
}

async function waitFor(what: string, condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('the cluster: nginx, two API processes, two workers, PostgreSQL, S3', () => {
  let inbox: SmtpInbox;
  let cluster: Cluster;

  beforeAll(async () => {
    if (!DATABASE_URL) {
      throw new Error(
        'The cluster test runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
      );
    }
    inbox = await SmtpInbox.start();
    cluster = await startCluster({ databaseUrl: DATABASE_URL, smtpUrl: inbox.url });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await inbox?.close();
  }, 60_000);

  it('the production nginx site passes nginx -t', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-nginx-site-'));
    try {
      const config = writeNginxConfig(path.join(dir, 'nginx'), `    include ${PRODUCTION_SITE};`);
      // nginx -t exits non-zero (and this rejects) on any error; warnings alone are allowed.
      await expect(testNginxConfig(config)).resolves.not.toMatch(/\[(emerg|alert|crit|error)\]/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loses nothing while an API process and a worker are killed and restarted', async () => {
    const client = new ClusterClient(cluster.url);
    const conversions: Conversion[] = [];
    const convert = async (account: Account, seed: number, count: number, hold?: Promise<void>) => {
      const json = records(seed, count);
      const fileId = await client.convert(account, jsonUpload(`data-${seed}.json`, json, 1000), hold);
      conversions.push({ account, fileId, csv: await jsonToCsvText(json) });
    };

    let alice = await client.signUp(inbox, 'alice@example.com', 'alice password');
    // The free plan's 10 conversions a day would end the test early: the operator command grants a plan.
    expect(await cluster.admin(['grant', alice.email, 'professional'])).toContain('professional');
    alice = await client.signIn(alice.email, alice.password);
    await Promise.all([1, 2, 3].map((seed) => convert(alice, seed, 200)));

    // Four uploads send their first bytes and wait; round-robin gives api-1 some of them. Once it has
    // started receiving one, it is killed: that upload is cut and the client sends it again.
    const before = uploadsSeen(cluster, 'api-1');
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = [10, 11, 12, 13].map((seed) => convert(alice, seed, 2000, hold));
    await waitFor('api-1 to receive an upload', () => uploadsSeen(cluster, 'api-1') > before);
    await cluster.kill('api-1');
    release();

    // With api-1 gone, a new account signs up, confirms its address and converts through api-2, and
    // the files converted before the kill download intact.
    const bob = await client.signUp(inbox, 'bob@example.com', 'bob password');
    await Promise.all([...held, convert(bob, 20, 300), convert(alice, 21, 300)]);
    await expectDownloads(client, conversions.slice(0, 3));
    await cluster.start('api-1');

    // A worker killed and restarted: sign-ups (whose mail may go through the job queue), conversions
    // and downloads carry on throughout.
    await cluster.kill('worker-1');
    const carol = await client.signUp(inbox, 'carol@example.com', 'carol password');
    await Promise.all([convert(bob, 30, 300), convert(carol, 31, 300)]);
    await expectDownloads(client, conversions.slice(3));
    await cluster.start('worker-1');

    // Batch processing joins here once it exists: a batch submitted before the kills completes with
    // every file intact, checked like the single conversions below.

    // Everything back: both processes serve again (round-robin), and nothing acknowledged is missing.
    alice = await client.signIn(alice.email, alice.password);
    const bobAgain = await client.signIn(bob.email, bob.password);
    await Promise.all([40, 41, 42].map((seed) => convert(alice, seed, 100)).concat(convert(bobAgain, 43, 100)));
    expect(client.retries).toBeGreaterThan(0);
    expect(conversions).toHaveLength(3 + 4 + 2 + 2 + 4);
    await expectDownloads(client, conversions);
    for (const account of [alice, bob, carol]) {
      const listed = await client.json('GET', '/api/files', undefined, account.authorization);
      const ids = JSON.stringify(listed);
      for (const { fileId } of conversions.filter((c) => c.account.email === account.email)) {
        expect(ids).toContain(fileId);
      }
    }
    for (const name of cluster.names) expect(cluster.process(name).child.exitCode, name).toBeNull();
    expect(uploadsSeen(cluster, 'api-1')).toBeGreaterThan(0);
  }, 240_000);
});
