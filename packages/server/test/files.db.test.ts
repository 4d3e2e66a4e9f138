import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  alice = await signedInUser(t, 'alice');
  bob = await signedInUser(t, 'bob');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function convertFor(user: TestUser, content = '[{"a":1,"b":{"c":2}}]', name = 'data.json'): Promise<string> {
  const response = await uploadFile(t.app, user, { name, content });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().file_id;
}

/** Every file on disk under the storage root (partial writes included). */
function filesOnDisk(): string[] {
  const root = path.join(t.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('GET /api/files', () => {
  it('lists the user’s files newest first with the spec fields and totals', async () => {
    const user = await signedInUser(t, 'lister');
    const first = await convertFor(user);
    t.clock.advance(1000);
    const second = await convertFor(user, '[{"x":1}]', 'second.json');
    const response = await call(t.app, user, 'GET', '/api/files');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.files.map((f: { fileId: string }) => f.fileId)).toEqual([second, first]);
    expect(body.files[0]).toEqual({
      fileId: second,
      filename: 'second.csv',
      original_filename: 'second.json',
      size: 'x\n1\n'.length,
      original_size: '[{"x":1}]'.length,
      input_format: 'json',
      output_format: 'csv',
      status: 'converted',
      error: null,
      retention_type: 'free',
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(body.total_files).toBe(2);
    expect(body.total_size).toBe(
      body.files.reduce((s: number, f: { size: number; original_size: number }) => s + f.size + f.original_size, 0),
    );
  });
});

describe('GET /api/files/compare-data/{fileId}', () => {
  it('answers the original JSON and the CSV as text', async () => {
    const id = await convertFor(alice, '[{"n":12345678901234567890}]');
    const response = await call(t.app, alice, 'GET', `/api/files/compare-data/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      original_json: '[{"n":12345678901234567890}]',
      converted_csv: 'n\n12345678901234567890\n',
    });
  });

  it('refuses CSV to JSON conversions with the spec text', async () => {
    const id = await convertFor(alice, 'a\n1\n', 'x.csv');
    const response = await call(t.app, alice, 'GET', `/api/files/compare-data/${id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe(
      'Failed to load file data for comparison. Please try again. Only JSON to CSV or TSV conversions can be compared.',
    );
  });
});

describe('DELETE /api/files/delete/{fileId}', () => {
  it('deletes the record and both stored files', async () => {
    const id = await convertFor(alice);
    expect(await t.storage.list(`users/${alice.id}/${id}`)).toHaveLength(2);
    const response = await call(t.app, alice, 'DELETE', `/api/files/delete/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'File deleted' });
    expect(await t.storage.list(`users/${alice.id}/${id}`)).toEqual([]);
    expect((await call(t.app, alice, 'GET', `/api/files/download/${id}`)).statusCode).toBe(404);
  });
});

describe('ownership', () => {
  it('gives another user’s id the same 404 as a missing id, on every file route (from the route table)', async () => {
    const id = await convertFor(alice);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes: { method: string; path: string }[] = [];
    for (const [route, methods] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      if (!/\{fileId\}/.test(route)) continue;
      for (const method of Object.keys(methods)) routes.push({ method: method.toUpperCase(), path: route });
    }
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'DELETE /api/files/delete/{fileId}',
      'DELETE /api/files/{fileId}',
      'GET /api/files/compare-data/{fileId}',
      'GET /api/files/download/{fileId}',
      'GET /api/files/{fileId}',
      'GET /api/files/{fileId}/metadata',
    ]);
    for (const route of routes) {
      const url = (fileId: string) => route.path.replace('{fileId}', fileId);
      const method = route.method as 'GET' | 'DELETE';
      const foreign = await call(t.app, bob, method, url(id));
      const missing = await call(t.app, bob, method, url('00000000-0000-4000-8000-000000000000'));
      const malformed = await call(t.app, bob, method, url('not-a-uuid'));
      expect(foreign.statusCode, `${route.method} ${route.path}`).toBe(404);
      expect(foreign.body).toBe(missing.body);
      expect(malformed.body).toBe(missing.body);
      expect(foreign.json()).toEqual({ detail: 'File not found', code: 'FILE_NOT_FOUND' });
    }
    // Alice still has her file, untouched.
    expect((await call(t.app, alice, 'GET', `/api/files/download/${id}`)).statusCode).toBe(200);
    expect((await call(t.app, bob, 'GET', '/api/files')).json().files).toEqual([]);
  });
});

describe('retention', () => {
  it('deletes expired files (record and bytes) with the job, honouring auto_delete_days within the plan', async () => {
    const user = await signedInUser(t, 'retention');
    const id = await convertFor(user);
    // Free plan: one hour, although auto_delete_days is 30.
    t.clock.advance(59 * 60 * 1000);
    expect(await t.files.purgeExpired()).toBe(0);
    expect(await t.storage.list(`users/${user.id}`)).toHaveLength(2);
    t.clock.advance(2 * 60 * 1000);
    expect(await t.files.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.storage.list(`users/${user.id}`)).toEqual([]);
    // The access token has expired meanwhile (15 minutes): ask the service directly.
    await expect(t.files.download(user.id, id, 'converted')).rejects.toThrow('File not found');
    expect((await t.files.list(user.id)).files).toEqual([]);
  });
});

describe('an upload cut off midway', () => {
  it('leaves no bytes, and its record says failed and why', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const user = await signedInUser(t, 'cut');
    t.clock.advance(1000);
    const content = Buffer.alloc(3 * 1024 * 1024, 0x20);
    content.write('[', 0);
    const { payload, headers } = multipartBody({ name: 'cut.json', content });
    const socket = net.connect(address.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/convert/file HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${user.auth.authorization}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, 2 * 1024 * 1024));
    // Wait until the server has started storing the upload, then cut the connection.
    await expect.poll(() => filesOnDisk().some((file) => file.includes(user.id)), { timeout: 10_000 }).toBe(true);
    socket.destroy();
    await expect.poll(() => filesOnDisk().filter((file) => file.includes(user.id)), { timeout: 10_000 }).toEqual([]);
    const listed = (await call(t.app, user, 'GET', '/api/files')).json();
    expect(listed.files).toMatchObject([
      { original_filename: 'cut.json', status: 'failed', error: 'The upload ended before the whole file arrived.' },
    ]);
    expect(listed.total_size).toBe(0);
    await expect
      .poll(async () => (await call(t.app, user, 'GET', '/api/audit/logs')).json().logs[0], { timeout: 10_000 })
      .toMatchObject({ action: 'json_to_csv', status: 'error' });
  });
});

describe('account deletion', () => {
  it('needs the password, then removes files, bytes, sessions and records', async () => {
    const user = await signedInUser(t, 'leaver');
    await convertFor(user);
    const wrong = await call(t.app, user, 'DELETE', '/api/profile', { payload: { password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    const missing = await call(t.app, user, 'DELETE', '/api/profile', { payload: {} });
    expect(missing.json().detail).toBe('Please enter your password to delete your account');
    const done = await call(t.app, user, 'DELETE', '/api/profile', { payload: { password: 'correct horse' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(await t.storage.list(`users/${user.id}`)).toEqual([]);
    expect((await call(t.app, user, 'GET', '/api/files')).statusCode).toBe(401); // the old token ends with the account
    expect((await call(t.app, user, 'GET', '/api/profile')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'correct horse' },
    });
    expect(login.statusCode).toBe(404);
  });
});
