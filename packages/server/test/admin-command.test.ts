import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpInbox } from './support/smtp-inbox.js';
import { DATABASE_URL, openTestDatabase, type TestDatabase } from './support/test-database.js';

// The built server, as `npm start` and `npm run admin` run it (the test needs `npm run build` first).
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const PASSWORD = 'correct horse';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

/** Starts `node dist/main.js` and resolves once it listens. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Unnest is running at')) resolve();
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

/** Runs `node dist/main.js admin ...args` to its end. */
async function runAdmin(env: Record<string, string>, args: string[]) {
  const child = spawn(process.execPath, [MAIN, 'admin', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)));
  return { code, stdout, stderr };
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

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
  server = await startServer(env);
}, 120_000);

afterAll(async () => {
  await stop(server);
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
