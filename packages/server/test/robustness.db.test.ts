import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, signedInUser, type TestUser } from './support/api-client.js';
import { listening, rawRequest, uploadHead } from './support/raw-http.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { DATABASE_URL } from './support/test-database.js';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await signedInUser(t, 'robust');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('slow clients', () => {
  it('must send their headers within 30 s and a whole request within REQUEST_TIMEOUT_SECONDS', async () => {
    expect(t.app.server.headersTimeout).toBe(30_000);
    expect(t.app.server.requestTimeout).toBe(600_000);
    const quick = await startTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '20' } });
    try {
      expect(quick.app.server.headersTimeout).toBe(20_000);
      expect(quick.app.server.requestTimeout).toBe(20_000);
    } finally {
      await quick.close();
    }
  });
});

describe('a multipart body cut short', () => {
  it('is answered 400, wherever it was cut, and leaves no bytes', async () => {
    const { payload, headers } = multipartBody({ name: 'cut.json', content: '[{"a":1},{"a":2}]' });
    for (const cut of [payload.length - 10, 60]) {
      const response = await call(t.app, user, 'POST', '/api/convert/file', {
        payload: payload.subarray(0, cut),
        headers,
      });
      expect(response.statusCode, `cut at ${cut}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
    const files = (await call(t.app, user, 'GET', '/api/files')).json().files as { status: string }[];
    expect(await t.storage.list(`users/${user.id}`)).toHaveLength(
      files.filter((file) => file.status === 'converted').length * 2,
    );
  });
});

describe('stored files', () => {
  it.skipIf(process.platform === 'win32')('are 0600 in folders 0700, and so is the mail outbox', async () => {
    const { payload, headers } = multipartBody({ name: 'modes.json', content: '[{"a":1}]' });
    expect((await call(t.app, user, 'POST', '/api/convert/file', { payload, headers })).statusCode).toBe(200);
    const root = path.join(t.dataDir, 'files');
    const entries = fs.readdirSync(root, { recursive: true, withFileTypes: true });
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const mode = fs.statSync(path.join(entry.parentPath, entry.name)).mode & 0o777;
      expect(mode, entry.name).toBe(entry.isDirectory() ? 0o700 : 0o600);
    }
    const outbox = await startTestApp({ env: { SMTP_URL: '' } });
    try {
      await outbox.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'modes@example.com', password: 'correct horse' },
      });
      const dir = path.join(outbox.dataDir, 'outbox');
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      const mails = fs.readdirSync(dir);
      expect(mails).toHaveLength(1);
      expect(fs.statSync(path.join(dir, mails[0] as string)).mode & 0o777).toBe(0o600);
    } finally {
      await outbox.close();
    }
  });
});

describe('the sweep of interrupted conversions', () => {
  it('removes bytes with no record at once, and pending records (with their bytes) once stale', async () => {
    const slot = await t.files.begin({
      userId: user.id,
      originalFilename: 'slow.json',
      filename: 'slow.csv',
      inputFormat: 'json',
      outputFormat: 'csv',
      options: null,
      retentionType: 'free',
    });
    await t.files.putBytes(slot.originalKey, Readable.from([Buffer.from('[{"a":1}]')]));
    const orphan = `users/${user.id}/${randomUUID()}/original.json`;
    await t.storage.put(orphan, Readable.from([Buffer.from('left behind')]));

    const young = await t.files.sweepInterrupted(new Date(t.clock.now().getTime() - 60 * 60 * 1000));
    expect(young).toEqual({ interrupted: 0, orphaned: 1 });
    const keys = await t.storage.list(`users/${user.id}`);
    expect(keys).toContain(slot.originalKey);
    expect(keys).not.toContain(orphan);
    expect((await t.files.list(user.id)).files).toContainEqual(
      expect.objectContaining({ fileId: slot.fileId, status: 'pending' }),
    );

    t.clock.advance(61 * 60 * 1000);
    const stale = await t.files.sweepInterrupted(new Date(t.clock.now().getTime() - 60 * 60 * 1000));
    expect(stale).toEqual({ interrupted: 1, orphaned: 0 });
    expect(await t.storage.list(`users/${user.id}`)).not.toContain(slot.originalKey);
    const record = (await t.files.list(user.id)).files.find((file) => file.fileId === slot.fileId);
    expect(record).toMatchObject({ status: 'failed', error: expect.stringMatching(/interrupted/) });
  });
});

describe('graceful shutdown', () => {
  it('finishes what completes within the grace time, answers the rest 503 with Retry-After, records them failed', async () => {
    // Longer than the 10 s Fastify gives a close hook by default, which failed the close (and the process
    // exited with its conversions running) whenever one outlived it.
    const s = await startTestApp({ env: { SHUTDOWN_GRACE_SECONDS: '11' } });
    let closed = false;
    try {
      const owner = await signedInUser(s, 'drain');
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const port = listening(s.app);
      const upload = (name: string) => multipartBody({ name, content: `[${'{"a":1},'.repeat(20_000)}{"a":2}]` });
      const stalled = upload('stalled.json');
      const finishing = upload('finishing.json');
      const a = rawRequest(port);
      const b = rawRequest(port);
      a.socket.write(
        uploadHead(owner.auth.authorization, stalled.headers['content-type'] as string, stalled.payload.length),
      );
      a.socket.write(stalled.payload.subarray(0, 1000));
      b.socket.write(
        uploadHead(owner.auth.authorization, finishing.headers['content-type'] as string, finishing.payload.length),
      );
      b.socket.write(finishing.payload.subarray(0, 1000));
      await expect.poll(() => s.files.list(owner.id).then((list) => list.files.length), { timeout: 10_000 }).toBe(2);

      const closing = s.app.close().then(() => {
        closed = true;
      });
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(503);
      const refused = await fetch(`http://127.0.0.1:${port}/api/files`, { headers: owner.auth });
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(await refused.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        detail: 'The server is restarting. Please try again in a moment.',
      });
      b.socket.write(finishing.payload.subarray(1000));
      expect(await b.answer).toMatch(/^HTTP\/1\.1 200 /);
      const stopped = await a.answer;
      await closing;
      expect(stopped).toMatch(/^HTTP\/1\.1 503 /);
      expect(stopped).toMatch(/\r\nretry-after: 10\r\n/i);
      expect(stopped).toContain('"code":"SERVICE_UNAVAILABLE"');

      const files = (await s.files.list(owner.id)).files;
      expect(files.find((file) => file.original_filename === 'finishing.json')?.status).toBe('converted');
      expect(files.find((file) => file.original_filename === 'stalled.json')).toMatchObject({
        status: 'failed',
        error: 'The server restarted before this conversion finished. Please try again in a moment.',
      });
      const stalledId = files.find((file) => file.original_filename === 'stalled.json')?.fileId as string;
      expect((await s.storage.list(`users/${owner.id}`)).filter((key) => key.includes(stalledId))).toEqual([]);
    } finally {
      if (!closed) await s.app.close().catch(() => {});
      await s.inbox.close();
      await s.database.dispose();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a database outage', () => {
  it('is answered 503 with Retry-After, not 500', async () => {
    const s = await startTestApp();
    const owner = await signedInUser(s, 'outage');
    const admin = DATABASE_URL ? new pg.Client({ connectionString: DATABASE_URL }) : undefined;
    const name = new URL(s.database.url ?? 'postgres://x/none').pathname.slice(1);
    try {
      if (admin) {
        await admin.connect();
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      } else {
        await s.database.handle.close();
      }
      const response = await call(s.app, owner, 'GET', '/api/files');
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        detail: 'The service is temporarily unavailable. Please try again later.',
      });
      expect(response.headers['retry-after']).toBe('30');
    } finally {
      if (admin) {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      }
      await s.app.close().catch(() => {});
      await s.inbox.close();
      await s.database.dispose();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  });
});
