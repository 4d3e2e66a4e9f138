import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from './support/api-client.js';
import { freePort, MAIN, startProcess, stopProcess } from './support/server-process.js';
import { SmtpInbox } from './support/smtp-inbox.js';
import { DATABASE_URL, openTestDatabase, type TestDatabase } from './support/test-database.js';

const READY = 'Unnest is running at';

/** Starts `node dist/main.js` and resolves once it listens. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return (await startProcess(env, [], READY)).child;
}

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

// On PostgreSQL a private database; on the embedded one the server makes its own in DATA_DIR.
let database: TestDatabase | undefined;
let inbox: SmtpInbox;
let dataDir: string;
let env: Record<string, string>;
let base: string;
let server: ChildProcess | undefined;
beforeAll(async () => {
  database = DATABASE_URL ? await openTestDatabase() : undefined;
  inbox = await SmtpInbox.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-crash-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
    WORKERS: '0',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_SECONDS: '2',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  };
}, 60_000);
afterAll(async () => {
  if (server) await stopProcess(server, 'SIGKILL');
  await inbox?.close();
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(email: string): Promise<{ id: string; authorization: string }> {
  const json = { 'content-type': 'application/json' };
  const password = 'correct horse';
  await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  const code = (await inbox.next(email)).code;
  await fetch(`${base}/api/auth/confirm-signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, confirmation_code: code }),
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const body = (await login.json()) as { user: { user_id: string }; tokens: { access_token: string } };
  return { id: body.user.user_id, authorization: `Bearer ${body.tokens.access_token}` };
}

describe('a server killed mid-upload (SIGKILL)', () => {
  it('leaves no bytes that My Files does not list, once restarted', async () => {
    server = await startServer(env);
    const user = await signIn(`crash-${Date.now()}@example.com`);
    const content = Buffer.alloc(3 * 1024 * 1024, 0x20);
    content.write('[', 0);
    const { payload, headers } = multipartBody({ name: 'killed.json', content });
    const socket = net.connect(Number(env.PORT), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/convert/file HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${user.authorization}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, 2 * 1024 * 1024));
    const stored = path.join(dataDir, 'files');
    await expect.poll(() => filesBelow(stored).some((file) => file.includes(user.id)), { timeout: 20_000 }).toBe(true);
    await stopProcess(server, 'SIGKILL');
    socket.destroy();
    expect(filesBelow(stored).filter((file) => file.includes(user.id))).not.toEqual([]);

    server = await startServer(env);
    const listed = async () => {
      const response = await fetch(`${base}/api/files`, { headers: { authorization: user.authorization } });
      return ((await response.json()) as { files: { fileId: string; status: string; error: string | null }[] }).files;
    };
    const unlisted = async () => {
      const ids = new Set((await listed()).map((file) => file.fileId));
      return filesBelow(stored).filter((file) => !ids.has(file.split(path.sep)[2] ?? ''));
    };
    await expect.poll(unlisted, { timeout: 20_000 }).toEqual([]);
    const [record] = await listed();
    if (!database) {
      // The embedded database has one process: what was pending before it started is dead, swept at start.
      await expect
        .poll(async () => (await listed())[0], { timeout: 20_000 })
        .toMatchObject({ status: 'failed', error: expect.stringMatching(/interrupted/) });
      // The sweep marks the record failed first, then deletes its bytes.
      await expect
        .poll(() => filesBelow(stored).filter((file) => file.includes(user.id)), { timeout: 20_000 })
        .toEqual([]);
    } else {
      // On PostgreSQL another process may own it: it stays pending (listed) until an hour has passed.
      expect(record?.status).toBe('pending');
    }
  }, 120_000);
});

describe('SIGTERM with conversions running', () => {
  it('answers each client 503 with Retry-After, not an empty reply, and records them failed', async () => {
    server ??= await startServer(env);
    const user = await signIn(`term-${Date.now()}@example.com`);
    const uploads = ['one.json', 'two.json', 'three.json'].map((name) => {
      const { payload, headers } = multipartBody({ name, content: `[${'{"a":1},'.repeat(50_000)}{"a":2}]` });
      const socket = net.connect(Number(env.PORT), '127.0.0.1');
      socket.on('error', () => {});
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
      });
      const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
      socket.write(
        `POST /api/convert/file HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${user.authorization}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, 1000));
      return closed;
    });
    const files = async () => {
      const response = await fetch(`${base}/api/files`, { headers: { authorization: user.authorization } });
      return ((await response.json()) as { files: { status: string; error: string | null }[] }).files;
    };
    await expect.poll(async () => (await files()).length, { timeout: 20_000 }).toBe(3);
    expect(await stopProcess(server, 'SIGTERM')).toBe(0);
    for (const answer of await Promise.all(uploads)) {
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toMatch(/\r\nretry-after: 10\r\n/i);
    }
    server = await startServer(env);
    const recorded = await files();
    expect(recorded).toHaveLength(3);
    for (const file of recorded) expect(file.status).toBe('failed');
  }, 120_000);
});

describe('an unreachable database at start', () => {
  it('prints one line naming it, without the password or a stack trace', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, ...env, DATABASE_URL: `postgres://unnest:hunter2@127.0.0.1:${port}/unnest` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot use the database at postgres://unnest@127.0.0.1:${port}/unnest (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
  }, 30_000);
});
