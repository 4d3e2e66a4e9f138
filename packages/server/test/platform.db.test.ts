import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { createConfirmedUser, post, startTestApp, type TestApp, uniqueEmail } from './support/test-app.js';
import { DATABASE_URL } from './support/test-database.js';

// Lets a test take the database "down" for the PGlite run, where no server can be stopped.
let simulatedOutage = false;
function withOutageSwitch(handle: DatabaseHandle): DatabaseHandle {
  return {
    ...handle,
    ping: () => (simulatedOutage ? Promise.reject(new Error('connection refused')) : handle.ping()),
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ wrapDatabase: withOutageSwitch });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /health', () => {
  it('is 200 while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it.skipIf(DATABASE_URL)('is 503 while the database is down and 200 again when it is back', async () => {
    simulatedOutage = true;
    const down = await t.app.inject({ method: 'GET', url: '/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
    simulatedOutage = false;
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it.runIf(DATABASE_URL)('is 503 while PostgreSQL refuses connections and recovers by itself', async () => {
    const name = new URL(t.database.url ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      const down = await t.app.inject({ method: 'GET', url: '/health' });
      expect(down.statusCode).toBe(503);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with every auth path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/auth/signup',
      '/api/auth/confirm-signup',
      '/api/auth/resend-confirmation',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/refresh',
      '/api/auth/me',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/health',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('serves the interactive page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('errors and protections', () => {
  it('answers unknown routes, malformed JSON and oversized bodies as {detail, code}', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No route for GET /api/nothing-here', code: 'NOT_FOUND' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
    const huge = await post(t.app, '/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('logs no passwords, codes or tokens', async () => {
    const email = uniqueEmail('logs');
    const password = 'very secret password';
    await createConfirmedUser(t, email, password);
    const login = await post(t.app, '/api/auth/login', { email, password });
    const token = login.json().tokens.access_token as string;
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    const all = t.logs.join('\n');
    expect(all).toContain('/api/auth/login');
    expect(all).not.toContain(password);
    expect(all).not.toContain(token);
    expect(all).not.toContain(login.cookies[0]?.value ?? 'no cookie');
  });
});

/** A database whose reads hit a bug (an outage is a 503, see robustness.db.test.ts). */
function withBrokenReads(handle: DatabaseHandle): DatabaseHandle {
  const db = new Proxy(handle.db, {
    get(target, property, receiver) {
      if (property !== 'select') return Reflect.get(target, property, receiver);
      return () => {
        throw new TypeError("Cannot read properties of undefined (reading 'internal detail')");
      };
    },
  });
  return { ...handle, db };
}

describe('internal errors', () => {
  it('answer 500 with no internals', async () => {
    const broken = await startTestApp({ wrapDatabase: withBrokenReads });
    try {
      const response = await post(broken.app, '/api/auth/login', { email: 'a@b.co', password: 'whatever' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error', code: 'INTERNAL' });
    } finally {
      await broken.app.close().catch(() => {});
      await broken.inbox.close();
      await broken.database.dispose();
      fs.rmSync(broken.dataDir, { recursive: true, force: true });
    }
  });
});
