import { COMPARE_MAX_BYTES } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/command.js';
import { call, multipartBody, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { buySmallPack, credits } from './support/credits.js';
import { post, startTestApp, type TestApp } from './support/test-app.js';

// The endpoints spec 7.2 declares for programs: stored uploads, a file's record and metadata, the
// round-trip test and the filtered activity.

let t: TestApp;
let user: TestUser;
let other: TestUser;
let pro: TestUser;

async function professional(label: string): Promise<TestUser> {
  const email = (await signedInUser(t, label)).email;
  await runAdminCommand(['grant', email, 'professional'], t.auth, t.payments);
  const login = await post(t.app, '/api/auth/login', { email, password: 'correct horse' });
  return {
    id: login.json().user.user_id,
    email,
    auth: { authorization: `Bearer ${login.json().tokens.access_token}` },
  };
}

beforeAll(async () => {
  t = await startTestApp();
  user = await signedInUser(t, 'declared');
  other = await signedInUser(t, 'declared-other');
  pro = await professional('declared-pro');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function storeUpload(owner: TestUser, name: string, content: string | Buffer) {
  const { payload, headers } = multipartBody({ name, content });
  return t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { ...headers, ...owner.auth } });
}

const EXACT = '[{"id":12345678901234567890,"price":0.1000000000000000055,"tags":["a","b"]}]';

describe('POST /api/files/upload', () => {
  it('stores the file as sent, without converting it, and lists it as stored', async () => {
    const before = (await call(t.app, user, 'GET', '/api/profile/stats')).json();
    const stored = await storeUpload(user, 'orders.json', EXACT);
    expect(stored.statusCode, stored.body).toBe(201);
    const record = stored.json();
    expect(record).toMatchObject({
      filename: 'orders.json',
      original_filename: 'orders.json',
      original_size: EXACT.length,
      size: 0,
      input_format: 'json',
      output_format: null,
      status: 'uploaded',
      retention_type: 'free',
    });
    // Kept as the Free plan keeps files: one hour.
    expect(new Date(record.expires_at).getTime() - t.clock.now().getTime()).toBe(60 * 60 * 1000);
    const original = await call(t.app, user, 'GET', `/api/files/download/${record.fileId}?variant=original`);
    expect(original.body).toBe(EXACT);
    const converted = await call(t.app, user, 'GET', `/api/files/download/${record.fileId}`);
    expect(converted.statusCode).toBe(404);
    expect(converted.json().detail).toContain('variant=original');
    const listed = (await call(t.app, user, 'GET', '/api/files')).json();
    expect(listed.files.map((file: { fileId: string }) => file.fileId)).toContain(record.fileId);
    // Not a conversion: the month's conversion count is unchanged; the storage counts the bytes.
    const after = (await call(t.app, user, 'GET', '/api/profile/stats')).json();
    expect(after.thisMonth).toBe(before.thisMonth);
    const history = (await call(t.app, user, 'GET', '/api/audit/user-activity?action=upload')).json();
    expect(history.logs[0]).toMatchObject({ action: 'upload', status: 'success' });
  });

  it('refuses other extensions, a missing file, an empty file and files over the plan size', async () => {
    const text = await storeUpload(user, 'notes.txt', 'hello');
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    const empty = await storeUpload(user, 'empty.csv', '');
    expect(empty.statusCode).toBe(400);
    const { payload, headers } = multipartBody({ name: 'a.json', content: '[]', field: 'document' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { ...headers, ...user.auth },
    });
    expect(noFile.statusCode).toBe(400);
    // Free: 5 MB per file.
    const big = await storeUpload(user, 'big.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    const failed = (await call(t.app, user, 'GET', '/api/files'))
      .json()
      .files.filter(
        (file: { status: string; original_filename: string }) =>
          file.status === 'failed' && file.original_filename === 'big.csv',
      );
    // The refused upload keeps no bytes.
    expect(failed.every((file: { original_size: number }) => file.original_size === 0)).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    const { payload, headers } = multipartBody({ name: 'a.json', content: '[]' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET and DELETE /api/files/{id}, GET /api/files/{id}/metadata', () => {
  it('answer a converted file with the options it ran with', async () => {
    const converted = await uploadFile(
      t.app,
      user,
      { name: 'opts.json', content: '[{"a":1,"t":["x","y"]}]' },
      { delimiter: ';', array_strategy: 'join', excel_safe: 'false' },
    );
    expect(converted.statusCode, converted.body).toBe(200);
    const fileId = converted.json().file_id;
    const record = await call(t.app, user, 'GET', `/api/files/${fileId}`);
    expect(record.json()).toMatchObject({ fileId, status: 'converted', filename: 'opts.csv', output_format: 'csv' });
    const metadata = (await call(t.app, user, 'GET', `/api/files/${fileId}/metadata`)).json();
    expect(metadata).toMatchObject({
      fileId,
      status: 'converted',
      records: 1,
      columns: 2,
      options: {
        output_format: 'csv',
        delimiter: ';',
        array_strategy: 'join',
        include_bom: false,
        excel_safe: false,
        analysis: false,
      },
      download_url: `/api/files/download/${fileId}`,
    });
    expect(metadata.expires_at).toBe(record.json().expires_at);
  });

  it('say a CSV conversion took its format and whether it undid the guard, and a stored upload none', async () => {
    const csv = await uploadFile(t.app, user, { name: 'people.csv', content: 'name,age\nAda,36\n' });
    const metadata = (await call(t.app, user, 'GET', `/api/files/${csv.json().file_id}/metadata`)).json();
    expect(metadata.options).toEqual({ output_format: 'json', excel_safe: false });
    const stored = (await storeUpload(user, 'raw.csv', 'a\n1\n')).json();
    const storedMetadata = (await call(t.app, user, 'GET', `/api/files/${stored.fileId}/metadata`)).json();
    expect(storedMetadata).toMatchObject({
      options: null,
      records: null,
      download_url: `/api/files/download/${stored.fileId}?variant=original`,
    });
  });

  it('answer 404 for another user’s file and for malformed ids, and delete only the owner’s', async () => {
    const mine = (await storeUpload(user, 'mine.json', '[1]')).json().fileId;
    for (const url of [`/api/files/${mine}`, `/api/files/${mine}/metadata`]) {
      expect((await call(t.app, other, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(t.app, other, 'DELETE', `/api/files/${mine}`)).statusCode).toBe(404);
    expect((await call(t.app, user, 'GET', '/api/files/not-a-uuid')).statusCode).toBe(404);
    const deleted = await call(t.app, user, 'DELETE', `/api/files/${mine}`);
    expect(deleted.json()).toEqual({ success: true, message: 'File deleted' });
    expect((await call(t.app, user, 'GET', `/api/files/${mine}`)).statusCode).toBe(404);
  });
});

describe('POST /api/convert/round-trip-test', () => {
  function roundTrip(owner: TestUser, body: string | Buffer, query = '') {
    return call(t.app, owner, 'POST', `/api/convert/round-trip-test${query}`, {
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
  }

  it('converts, reads back and compares in one call: exact data scores 100', async () => {
    const response = await roundTrip(pro, EXACT);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      quality_score: 100,
      original_size: EXACT.length,
      delimiter: ',',
      array_strategy: 'index',
    });
    expect(body.converted_size).toBe('id,price,tags.0,tags.1\n12345678901234567890,0.1000000000000000055,a,b\n'.length);
    expect(body.file_quality.data_integrity.lost_fields).toBe(0);
  });

  it('reports what a lossy strategy loses', async () => {
    const lossy = '[{"tags":["a,b","c"]},{"tags":[]}]';
    const body = (await roundTrip(pro, lossy, '?array_strategy=join')).json();
    expect(body.array_strategy).toBe('join');
    expect(body.quality_score).toBeLessThan(100);
  });

  it('answers the engine’s positioned error for invalid JSON, and 413 at 20 MB', async () => {
    const invalid = await roundTrip(pro, '[{"a":1},\n{"a":]');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail).toMatch(/line 2/);
    const large = await roundTrip(pro, Buffer.alloc(COMPARE_MAX_BYTES, ' '));
    expect(large.statusCode).toBe(413);
  });

  it('costs a Free account one credit, given back when the test fails, and is refused without one', async () => {
    const free = await signedInUser(t, 'round-trip-free');
    const refused = await roundTrip(free, EXACT);
    expect(refused.statusCode).toBe(403);
    await buySmallPack(t, free);
    expect(await credits(t, free)).toBe(10);
    expect((await roundTrip(free, EXACT)).statusCode).toBe(200);
    expect(await credits(t, free)).toBe(9);
    expect((await roundTrip(free, '{"broken"')).statusCode).toBe(422);
    expect(await credits(t, free)).toBe(9);
  });
});

describe('GET /api/audit/user-activity', () => {
  it('pages the caller’s own entries, filtered by action, status and time', async () => {
    const person = await signedInUser(t, 'activity');
    const start = t.clock.now().toISOString();
    await uploadFile(t.app, person, { name: 'good.json', content: '[{"a":1}]' });
    t.clock.advance(60_000);
    const middle = t.clock.now().toISOString();
    await uploadFile(t.app, person, { name: 'bad.json', content: '[{"a":' });
    await uploadFile(t.app, other, { name: 'theirs.json', content: '[{"a":1}]' });
    const activity = (query: string) => call(t.app, person, 'GET', `/api/audit/user-activity${query}`);

    const conversions = (await activity('?action=json_to_csv')).json();
    expect(conversions.total).toBe(2);
    expect(conversions.logs.map((log: { status: string }) => log.status)).toEqual(['error', 'success']);
    const errors = (await activity('?action=json_to_csv&status=error')).json();
    expect(errors.logs).toHaveLength(1);
    expect(errors.logs[0].details).toContain('bad.json');
    const early = (await activity(`?from=${encodeURIComponent(start)}&to=${encodeURIComponent(middle)}`)).json();
    expect(early.logs.map((log: { details: string }) => log.details).join()).toContain('good.json');
    expect(early.logs.every((log: { timestamp: string }) => log.timestamp < middle)).toBe(true);
    const paged = (await activity('?page=2&page_size=1&action=json_to_csv')).json();
    expect(paged).toMatchObject({ page: 2, page_size: 1, total: 2 });
    expect(paged.logs[0].status).toBe('success');
    expect((await activity('?action=nonsense')).statusCode).toBe(400);
    expect((await activity('?from=yesterday')).statusCode).toBe(400);
  });
});
