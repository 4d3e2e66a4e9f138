import { hash } from '@node-rs/argon2';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { call, type TestUser } from './support/api-client.js';
import { post, startTestApp, type TestApp, uniqueEmail } from './support/test-app.js';

// Every secret the configuration can hold, each a value no answer has any other reason to contain.
const SECRETS = {
  JWT_SECRET: 'jwt-secret-0b6f9e1c2d3a4b5c6d7e8f90a1b2c3d4',
  SMTP_PASSWORD: 'smtp-pass-7Qx2Lw9Rz4',
  DATABASE_PASSWORD: 'db-pass-3Kd8Vn1Mp6',
  RAZORPAY_KEY_SECRET: 'rzp-key-secret-5Ht2Yb8Nc1',
  RAZORPAY_WEBHOOK_SECRET: 'rzp-webhook-secret-9Gf4Ws7Ej2',
  S3_SECRET_ACCESS_KEY: 's3-secret-2Pm6Qa9Xv5',
  LLM_API_KEY: 'llm-key-8Tz3Hc5Jb7',
};
const PASSWORD = 'correct horse';
const adminEmail = uniqueEmail('access-admin');

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let routes: Array<{ methods: string[]; url: string; access: string | undefined }> = [];

/**
 * An account written straight into the database: mail goes to an SMTP server that refuses
 * connections here (its URL carries a password), so sign-up cannot deliver a code.
 */
async function confirmedAccount(email: string): Promise<TestUser> {
  const now = new Date();
  await t.database.handle.db
    .insert(users)
    .values({ email, passwordHash: await hash(PASSWORD), emailConfirmedAt: now, createdAt: now, updatedAt: now });
  const login = await post(t.app, '/api/auth/login', { email, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  const body = login.json();
  return { id: body.user.user_id, email, auth: { authorization: `Bearer ${body.tokens.access_token}` } };
}

beforeAll(async () => {
  const registered: RouteOptions[] = [];
  t = await startTestApp({
    onRoute: (route) => registered.push(route),
    env: {
      ADMIN_EMAILS: adminEmail,
      JWT_SECRET: SECRETS.JWT_SECRET,
      // Port 9 (discard) is closed here: every mail fails, which the error log then shows.
      SMTP_URL: `smtp://mailer:${SECRETS.SMTP_PASSWORD}@127.0.0.1:9`,
      // Only the configuration reads it (the test database is opened apart).
      DATABASE_URL: `postgres://unnest:${SECRETS.DATABASE_PASSWORD}@127.0.0.1:9/unnest`,
      PAYMENTS: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_admin',
      RAZORPAY_KEY_SECRET: SECRETS.RAZORPAY_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: SECRETS.RAZORPAY_WEBHOOK_SECRET,
      RAZORPAY_API_URL: 'http://127.0.0.1:9',
      S3_BUCKET: 'unnest-test',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'unnest-access-key',
      S3_SECRET_ACCESS_KEY: SECRETS.S3_SECRET_ACCESS_KEY,
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_API_KEY: SECRETS.LLM_API_KEY,
      LLM_MODEL: 'test-model',
    },
  });
  routes = registered.map((route) => ({
    methods: [route.method].flat(),
    url: route.url,
    access: route.config?.access,
  }));
  admin = await confirmedAccount(adminEmail);
  member = await confirmedAccount(uniqueEmail('access-member'));
}, 60_000);
afterAll(() => t?.close());

function adminAndDebugRoutes() {
  return routes.filter((route) => /^\/api\/(admin|debug)\//.test(route.url) && !route.methods.includes('HEAD'));
}

/** A concrete URL for a route pattern (`:id` becomes a well-formed id nobody has). */
function concrete(url: string): string {
  return url.replace(':queue', 'files.purge-expired').replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
}

describe('who may call the admin and debug routes', () => {
  it('registers the admin area and the debug routes, every one for admins only', () => {
    const listed = adminAndDebugRoutes();
    const urls = new Set(listed.map((route) => route.url));
    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/users',
      '/api/admin/users/:id',
      '/api/admin/stats',
      '/api/admin/logs',
      '/api/admin/jobs',
      '/api/debug/info',
      '/api/debug/logs',
    ]) {
      expect(urls.has(url), url).toBe(true);
    }
    expect(listed.filter((route) => route.access !== 'admin')).toEqual([]);
  });

  it('answers 403 to a signed-in account that is not an admin, and 401 without a token, on every one', async () => {
    const listed = adminAndDebugRoutes();
    expect(listed.length).toBeGreaterThanOrEqual(15);
    for (const route of listed) {
      for (const method of route.methods) {
        const url = concrete(route.url);
        const asMember = await t.app.inject({ method: method as 'GET', url, headers: member.auth });
        const anonymous = await t.app.inject({ method: method as 'GET', url });
        expect({ route: `${method} ${route.url}`, member: asMember.statusCode, code: asMember.json().code }).toEqual({
          route: `${method} ${route.url}`,
          member: 403,
          code: 'FORBIDDEN',
        });
        expect({ route: `${method} ${route.url}`, anonymous: anonymous.statusCode }).toEqual({
          route: `${method} ${route.url}`,
          anonymous: 401,
        });
      }
    }
  });

  it('lets an account from ADMIN_EMAILS in', async () => {
    expect((await call(t.app, admin, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect((await call(t.app, admin, 'GET', '/api/debug/info')).statusCode).toBe(200);
  });
});

describe('the debug answers', () => {
  it('say what runs: version, uptime, database kind, queue depth, recent errors', async () => {
    const info = (await call(t.app, admin, 'GET', '/api/debug/info')).json();
    expect(info).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: t.database.url ? 'postgres' : 'pglite',
      storage: 's3',
      mail: 'smtp',
      payments: 'razorpay',
      queue: { depth: expect.any(Number), failed: expect.any(Number) },
    });
    expect(info.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(info.queue.queues.map((queue: { name: string }) => queue.name)).toContain('files.purge-expired');
  });

  it('keep recent errors and contain none of the configured secrets', async () => {
    // A real failure: a confirmation mail to an SMTP server that is not there (its URL holds a password).
    const pending = uniqueEmail('access-pending');
    const signup = await post(t.app, '/api/auth/signup', { email: pending, password: PASSWORD });
    expect(signup.statusCode).toBe(502);
    // A careless log line carrying every secret, as a future bug might write it.
    t.app.log.error({ settings: { ...SECRETS, url: `smtp://mailer:${SECRETS.SMTP_PASSWORD}@mail` } }, 'careless');
    const logs = await call(t.app, admin, 'GET', '/api/debug/logs');
    const info = await call(t.app, admin, 'GET', '/api/debug/info');
    expect(logs.statusCode).toBe(200);
    const messages = logs.json().records.map((record: { message: string }) => record.message);
    expect(messages).toContain('sending a code failed');
    expect(messages[0]).toBe('careless');
    expect(info.json().recent_errors).toBeGreaterThanOrEqual(2);
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(logs.body.includes(secret), `${name} in /api/debug/logs`).toBe(false);
      expect(info.body.includes(secret), `${name} in /api/debug/info`).toBe(false);
    }
    // The admin's own token never comes back either.
    const token = admin.auth.authorization.slice('Bearer '.length);
    expect(logs.body.includes(token)).toBe(false);
  });
});
