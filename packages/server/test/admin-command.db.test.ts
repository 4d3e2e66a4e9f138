import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runAdminProcess as runAdmin, startProcess, stopProcess } from './support/server-process.js';
import { SmtpInbox } from './support/smtp-inbox.js';
import { DATABASE_URL, openTestDatabase, type TestDatabase } from './support/test-database.js';

const PASSWORD = 'correct horse';

async function postJson(url: string, body: object, token?: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

let database: TestDatabase | undefined;
let inbox: SmtpInbox;
let dataDir: string;
let env: Record<string, string>;
let base: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  database = DATABASE_URL ? await openTestDatabase() : undefined;
  inbox = await SmtpInbox.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-admin-command-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    JWT_SECRET: 'admin-command-secret-admin-command-0123',
    WORKERS: '0',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_SECONDS: '2',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  };
  server = (await startProcess(env, [], 'Unnest is running at')).child;
}, 120_000);

afterAll(async () => {
  if (server) await stopProcess(server, 'SIGTERM');
  await inbox?.close();
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!DATABASE_URL)('npm run admin on PostgreSQL, while the server runs', () => {
  it('gives a plan and the admin role that the running server applies', async () => {
    const email = `operator-${Date.now().toString(36)}@example.com`;
    expect((await postJson(`${base}/api/auth/signup`, { email, password: PASSWORD })).status).toBe(201);
    const mail = await inbox.next(email);
    await postJson(`${base}/api/auth/confirm-signup`, { email, confirmation_code: mail.code });

    const granted = await runAdmin(env, ['grant', email, 'professional']);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toContain(`${email} is now on plan professional`);
    const promoted = await runAdmin(env, ['promote', email]);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('now has the admin role');

    const login = await postJson(`${base}/api/auth/login`, { email, password: PASSWORD });
    const token = ((await login.json()) as { tokens: { access_token: string } }).tokens.access_token;
    const subscription = await fetch(`${base}/api/payments/user-subscription`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await subscription.json()).toMatchObject({ plan: 'professional', is_premium: true });
    const dashboard = await fetch(`${base}/api/admin/dashboard`, { headers: { authorization: `Bearer ${token}` } });
    expect(dashboard.status).toBe(200);
    // The server is still serving.
    expect((await fetch(`${base}/health`)).status).toBe(200);
  }, 120_000);
});

describe.skipIf(DATABASE_URL)('npm run admin on the embedded database, while the server runs', () => {
  it('says that the admin area is the way while the server holds the database', async () => {
    const result = await runAdmin(env, ['grant', 'someone@example.com', 'business']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`pid ${server?.pid}`);
    expect(result.stderr).toContain(`use the admin area instead: ${base}/admin`);
    expect(result.stderr).not.toContain('    at ');
    expect((await fetch(`${base}/health`)).status).toBe(200);
  }, 60_000);
});
