import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { apiKeys } from '../src/db/schema.js';
import { createLogger } from '../src/platform/logger.js';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { JWT_SECRET, post, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** A signed-in account on a plan with API calls. */
async function starterUser(label: string): Promise<TestUser> {
  const user = await signedInUser(t, label);
  await t.auth.setPlan(user.email, 'starter');
  return user;
}

/** The account signed in again (after the clock moved past its access token's life). */
async function signIn(user: TestUser): Promise<TestUser> {
  const login = await post(t.app, '/api/auth/login', { email: user.email, password: 'correct horse' });
  return { ...user, auth: { authorization: `Bearer ${login.json().tokens.access_token}` } };
}

async function createKey(user: TestUser, body: object = { name: 'ci' }): Promise<LightMyRequestResponse> {
  return call(t.app, user, 'POST', '/api/keys', { payload: body });
}

/** A caller that sends `key` (in X-API-Key, or as a bearer token) in place of a session. */
function keyHolder(user: TestUser, key: string, header: 'x-api-key' | 'bearer' = 'x-api-key'): TestUser {
  const auth = header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
  return { ...user, auth: auth as TestUser['auth'] };
}

describe('API key lifecycle', () => {
  it('creates a key shown once, stores only its hash, lists it with its times, and revokes it at once', async () => {
    const user = await starterUser('keys-life');
    const created = await createKey(user, { name: 'nightly export', expires_in_days: 30 });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.key).toMatch(/^unn_[A-Za-z0-9_-]{43}$/);
    expect(body).toEqual({
      id: expect.any(String),
      key: body.key,
      prefix: body.key.slice(0, 12),
      name: 'nightly export',
      created_at: t.clock.now().toISOString(),
      expires_at: new Date(Math.floor((t.clock.now().getTime() + 30 * DAY_MS) / 1000) * 1000).toISOString(),
    });

    // Only a hash and the visible prefix are stored.
    const [stored] = await t.database.handle.db.select().from(apiKeys).where(eq(apiKeys.id, body.id));
    expect(stored?.prefix).toBe(body.prefix);
    expect(stored?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(body.key);

    const listed = (await call(t.app, user, 'GET', '/api/keys')).json();
    expect(listed).toEqual({
      keys: [
        {
          id: body.id,
          prefix: body.prefix,
          name: 'nightly export',
          created_at: body.created_at,
          last_used_at: null,
          expires_at: body.expires_at,
        },
      ],
    });
    expect(JSON.stringify(listed)).not.toContain(body.key);

    // Both header forms work; the use is recorded.
    t.clock.advance(5_000);
    expect((await call(t.app, keyHolder(user, body.key), 'GET', '/api/files')).statusCode).toBe(200);
    expect((await call(t.app, keyHolder(user, body.key, 'bearer'), 'GET', '/api/files')).statusCode).toBe(200);
    const used = (await call(t.app, user, 'GET', '/api/keys')).json().keys[0];
    expect(used.last_used_at).toBe(t.clock.now().toISOString());

    const revoked = await call(t.app, user, 'DELETE', `/api/keys/${body.id}`);
    expect(revoked.json()).toEqual({ success: true, message: 'API key revoked' });
    for (const header of ['x-api-key', 'bearer'] as const) {
      const refused = await call(t.app, keyHolder(user, body.key, header), 'GET', '/api/files');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'UNAUTHENTICATED', detail: 'This API key was revoked' });
    }
    expect((await call(t.app, user, 'GET', '/api/keys')).json()).toEqual({ keys: [] });
    expect((await call(t.app, user, 'DELETE', `/api/keys/${body.id}`)).statusCode).toBe(404);
  });

  it('records the last use at most once a minute', async () => {
    const user = await starterUser('keys-last-used');
    const { key } = (await createKey(user)).json();
    await call(t.app, keyHolder(user, key), 'GET', '/api/files');
    const first = (await call(t.app, user, 'GET', '/api/keys')).json().keys[0].last_used_at;
    t.clock.advance(30_000);
    await call(t.app, keyHolder(user, key), 'GET', '/api/files');
    expect((await call(t.app, user, 'GET', '/api/keys')).json().keys[0].last_used_at).toBe(first);
    t.clock.advance(31_000);
    await call(t.app, keyHolder(user, key), 'GET', '/api/files');
    expect((await call(t.app, user, 'GET', '/api/keys')).json().keys[0].last_used_at).toBe(t.clock.now().toISOString());
  });

  it('refuses an expired key, a made-up key and another account’s key id', async () => {
    const user = await starterUser('keys-expiry');
    const other = await starterUser('keys-other');
    const { key, id } = (await createKey(user, { name: 'one day', expires_in_days: 1 })).json();
    expect((await call(t.app, keyHolder(user, key), 'GET', '/api/files')).statusCode).toBe(200);
    t.clock.advance(DAY_MS);
    const expired = await call(t.app, keyHolder(user, key), 'GET', '/api/files');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().detail).toBe('This API key has expired');
    // Still listed (so its owner sees why it stopped), with its expiry; the day ended the session too.
    const signedIn = await signIn(user);
    expect((await call(t.app, signedIn, 'GET', '/api/keys')).json().keys[0].id).toBe(id);

    const madeUp = `unn_${'A'.repeat(43)}`;
    expect((await call(t.app, keyHolder(user, madeUp), 'GET', '/api/files')).json()).toEqual({
      code: 'UNAUTHENTICATED',
      detail: 'This is not a valid API key',
    });
    expect((await call(t.app, keyHolder(user, 'unn_short'), 'GET', '/api/files')).statusCode).toBe(401);
    expect((await call(t.app, await signIn(other), 'DELETE', `/api/keys/${id}`)).statusCode).toBe(404);
  });

  it('validates the name and expiry', async () => {
    const user = await starterUser('keys-validation');
    expect((await createKey(user, {})).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await createKey(user, { name: '' })).json().detail).toBe('Please give the key a name');
    expect((await createKey(user, { name: '   ' })).json().detail).toBe('Please give the key a name');
    expect((await createKey(user, { name: 'x', expires_in_days: 0 })).json().detail).toBe(
      'The expiry must be between 1 and 3650 days',
    );
    expect((await createKey(user, { name: 'x', expires_in_days: 1.5 })).statusCode).toBe(400);
  });

  it('converts and lists files with a key, as the account that owns it', async () => {
    const user = await starterUser('keys-convert');
    const { key } = (await createKey(user)).json();
    const converted = await uploadFile(t.app, keyHolder(user, key, 'bearer'), {
      name: 'orders.json',
      content: '[{"id":1,"customer":{"name":"Ada"}}]',
    });
    expect(converted.statusCode).toBe(200);
    expect(converted.json()).toMatchObject({ filename: 'orders.csv', records: 1 });
    const files = (await call(t.app, user, 'GET', '/api/files')).json().files;
    expect(files.map((file: { fileId: string }) => file.fileId)).toContain(converted.json().file_id);
  });
});

describe('what a key may not do', () => {
  it('neither manages keys nor reads, changes or deletes the account', async () => {
    const user = await starterUser('keys-refused');
    const { key, id } = (await createKey(user)).json();
    const holder = keyHolder(user, key);
    const refused: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['POST', '/api/keys', { name: 'another' }],
      ['GET', '/api/keys'],
      ['DELETE', `/api/keys/${id}`],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout-everywhere'],
      ['GET', '/api/profile'],
      ['PUT', '/api/profile', { name: 'Mallory' }],
      ['DELETE', '/api/profile', { password: 'correct horse' }],
      ['GET', '/api/profile/settings'],
      ['PUT', '/api/profile/settings', { theme: 'dark' }],
      ['GET', '/api/payments/user-subscription'],
      ['POST', '/api/payments/pay-per-use', { package_id: 'small' }],
      ['GET', '/api/audit/logs'],
      ['GET', '/api/audit/user-activity'],
    ];
    for (const [method, url, payload] of refused) {
      for (const header of ['x-api-key', 'bearer'] as const) {
        const response = await call(t.app, keyHolder(user, key, header), method, url, payload ? { payload } : {});
        expect({ route: `${method} ${url}`, status: response.statusCode, code: response.json().code }).toEqual({
          route: `${method} ${url}`,
          status: 403,
          code: 'API_KEY_NOT_ALLOWED',
        });
      }
    }
    // Nothing changed: the key still works and the account is there.
    expect((await call(t.app, holder, 'GET', '/api/files')).statusCode).toBe(200);
    expect((await call(t.app, user, 'GET', '/api/keys')).json().keys).toHaveLength(1);
    expect((await call(t.app, user, 'GET', '/api/profile')).json().name).toBeNull();
  });
});

describe('a key in the query string', () => {
  it('is no credential, and the request log shows it only as [redacted]', async () => {
    const user = await starterUser('keys-query');
    const { key } = (await createKey(user)).json();
    const sent = [
      `/api/files?api_key=${key}`,
      `/api/files?page=1&API_KEY=${key}&page_size=5`,
      `/api/files?apikey=${key}`,
      `/api/files?key=${key}#frag`,
      `/api/files/${key}`,
    ];
    for (const url of sent) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
    const requestLines = t.logs.filter((line) => line.includes('"url":"/api/files'));
    expect(requestLines.length).toBeGreaterThanOrEqual(sent.length);
    expect(t.logs.filter((line) => line.includes(key.slice(4)))).toEqual([]);
    for (const logged of [
      '/api/files?api_key=[redacted]',
      '/api/files?page=1&API_KEY=[redacted]&page_size=5',
      '/api/files?apikey=[redacted]',
      '/api/files?key=[redacted]',
      '/api/files/[redacted]',
    ]) {
      expect(
        requestLines.some((line) => line.includes(`"url":"${logged}"`)),
        logged,
      ).toBe(true);
    }
  });
});

describe('GET /api/auth/validate', () => {
  it('says what the sent token or key is, with its scopes and expiry, and 401 when it is not valid', async () => {
    const user = await starterUser('keys-validate');
    const token = (await call(t.app, user, 'GET', '/api/auth/validate')).json();
    expect(token).toEqual({
      valid: true,
      kind: 'access_token',
      user_id: user.id,
      email: user.email,
      plan: 'free',
      scopes: ['api', 'account'],
      expires_at: expect.stringMatching(/Z$/),
      key: null,
    });
    expect(new Date(token.expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime());

    const created = (await createKey(user, { name: 'validator', expires_in_days: 7 })).json();
    const viaKey = await call(t.app, keyHolder(user, created.key), 'GET', '/api/auth/validate');
    expect(viaKey.json()).toEqual({
      valid: true,
      kind: 'api_key',
      user_id: user.id,
      email: user.email,
      plan: 'starter',
      scopes: ['api'],
      expires_at: created.expires_at,
      key: { id: created.id, prefix: created.prefix, name: 'validator' },
    });
    await call(t.app, user, 'DELETE', `/api/keys/${created.id}`);
    expect((await call(t.app, keyHolder(user, created.key), 'GET', '/api/auth/validate')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/validate' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/validate', headers: { authorization: 'Bearer not.a.token' } })).statusCode,
    ).toBe(401);
  });
});

describe('revocation on every process', () => {
  it('a key revoked through one app is refused at once by another app on the same database', async () => {
    const second = await buildApp(
      loadConfig({ DATA_DIR: t.dataDir, JWT_SECRET, WORKERS: '0', SMTP_URL: 'smtp://127.0.0.1:1' }),
      { database: t.database.handle, log: createLogger('silent'), clock: t.clock },
    );
    try {
      const user = await starterUser('keys-two-apps');
      const { key, id } = (await createKey(user)).json();
      const through = (app: typeof t.app) =>
        app.inject({ url: '/api/files', headers: { 'x-api-key': key } }).then((r) => r.statusCode);
      expect([await through(t.app), await through(second.app)]).toEqual([200, 200]);
      await call(second.app, user, 'DELETE', `/api/keys/${id}`);
      expect([await through(t.app), await through(second.app)]).toEqual([401, 401]);
    } finally {
      await second.app.close();
    }
  });
});
