import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { AuditLogsResponse, BatchJob } from '@unnest/contracts';
import { jsonToCsv } from '@unnest/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchBody } from './support/batch-client.js';
import { freePort, runAdmin, type ServerProcess, startProcess, stopProcess } from './support/server-process.js';
import { SmtpInbox } from './support/smtp-inbox.js';
import { DATABASE_URL, openTestDatabase, type TestDatabase } from './support/test-database.js';

const READY = 'Unnest is running at';
let database: TestDatabase | undefined;
let inbox: SmtpInbox;
let dataDir: string;
let env: Record<string, string>;
let base: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = DATABASE_URL ? await openTestDatabase() : undefined;
  inbox = await SmtpInbox.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-batch-restart-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    JWT_SECRET: 'batch-restart-secret-batch-restart-0123',
    WORKERS: '1',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_SECONDS: '2',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  };
}, 60_000);

afterAll(async () => {
  if (server) await stopProcess(server.child, 'SIGKILL');
  await inbox?.close();
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(email: string): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const body = JSON.stringify({ email, password: 'correct horse' });
  await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: json, body });
  const code = (await inbox.next(email)).code;
  await fetch(`${base}/api/auth/confirm-signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, confirmation_code: code }),
  });
}

async function signIn(email: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse' }),
  });
  const body = (await login.json()) as { tokens: { access_token: string } };
  return `Bearer ${body.tokens.access_token}`;
}

/** Records of nested JSON, about `megabytes` long: big enough that its conversion takes a while. */
function bigJson(megabytes: number): Buffer {
  const record = (i: number) =>
    JSON.stringify({
      id: i,
      name: `person ${i}`,
      tags: ['a', 'b', 'c'],
      address: { city: 'Paris', zip: `${75000 + (i % 20)}` },
    });
  const parts: string[] = [];
  let length = 2;
  for (let i = 0; length < megabytes * 1024 * 1024; i += 1) {
    const text = record(i);
    parts.push(text);
    length += text.length + 1;
  }
  return Buffer.from(`[${parts.join(',')}]`);
}

function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('a worker killed (SIGKILL) in the middle of a batch file', () => {
  it('converts the file again from its stored upload after the restart, once, leaving nothing behind', async () => {
    const email = `batch-restart-${Date.now()}@example.com`;
    server = await startProcess(env, [], READY);
    await signUp(email);
    // The plan is granted by the operator's command, which needs the database to itself on PGlite.
    await stopProcess(server.child, 'SIGTERM');
    await runAdmin(env, ['grant', email, 'professional']);
    server = await startProcess(env, [], READY);
    const authorization = await signIn(email);

    const big = bigJson(48);
    const { payload, headers } = batchBody([
      { name: 'small.json', content: '[{"a":1}]' },
      { name: 'big.json', content: big },
    ]);
    const started = await fetch(`${base}/api/convert/batch`, {
      method: 'POST',
      headers: { ...headers, authorization },
      body: payload,
    });
    expect(started.status).toBe(200);
    const jobId = ((await started.json()) as BatchJob).job_id;
    const status = async () => {
      const response = await fetch(`${base}/api/convert/batch/status/${jobId}`, { headers: { authorization } });
      return (await response.json()) as BatchJob;
    };
    const bigFile = (job: BatchJob) => job.files.find((file) => file.file_name === 'big.json');
    await expect
      .poll(async () => bigFile(await status())?.status, { timeout: 60_000, interval: 20 })
      .toBe('processing');
    const before = bigFile(await status());
    await stopProcess(server.child, 'SIGKILL');
    expect(before?.status).toBe('processing');

    server = await startProcess(env, [], READY);
    await expect.poll(async () => (await status()).status, { timeout: 90_000, interval: 250 }).toBe('completed');
    const after = await status();
    expect(after).toMatchObject({ total_files: 2, successful_files: 2, failed_files: 0, processed_files: 2 });
    expect(after.files).toHaveLength(2);
    // A new process converted it: the dead one's claim was given back and taken again.
    expect(bigFile(after)?.worker).not.toBe(before?.worker);

    const download = await fetch(`${base}${bigFile(after)?.download_url}`, { headers: { authorization } });
    const bytes = Buffer.from(await download.arrayBuffer());
    const expected = await buffer(jsonToCsv([big], { excelSafe: true }));
    expect(download.status).toBe(200);
    expect(bytes.length).toBe(expected.length);
    expect(bytes.equals(expected)).toBe(true);

    // One original and one result per file, no draft of the killed attempt.
    const stored = filesBelow(path.join(dataDir, 'files', 'batches'));
    expect(stored.filter((file) => file.includes('.part-'))).toEqual([]);
    expect(stored.map((file) => path.basename(file)).sort()).toEqual([
      'original.json',
      'original.json',
      'result.csv',
      'result.csv',
    ]);
    // Usage counted once per file.
    const audit = await fetch(`${base}/api/audit/logs?page_size=100`, { headers: { authorization } });
    const logs = ((await audit.json()) as AuditLogsResponse).logs.filter((log) => log.details.includes('big.json'));
    expect(logs.map((log) => log.status)).toEqual(['success']);
  }, 240_000);
});
