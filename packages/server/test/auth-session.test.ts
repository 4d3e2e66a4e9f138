import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConfirmedUser,
  post,
  refreshCookie,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function signIn() {
  const email = uniqueEmail('session');
  await createConfirmedUser(t, email, 'correct horse');
  const response = await post(t.app, '/api/auth/login', { email, password: 'correct horse' });
  return { email, token: response.json().tokens.access_token as string, cookie: refreshCookie(response) as string };
}

const me = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/auth/me', () => {
  it('returns the account for a valid bearer token', async () => {
    const { email, token } = await signIn();
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, username: email, groups: [], is_premium: false, plan: 'free' });
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    expect((await me()).json().code).toBe('UNAUTHENTICATED');
    const { token } = await signIn();
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await me(forged)).statusCode).toBe(401);
    t.clock.advance(15 * 60 * 1000 + 1000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'The access token has expired', code: 'UNAUTHENTICATED' });
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and issues a working access token', async () => {
    const { cookie } = await signIn();
    t.clock.advance(20 * 60 * 1000);
    const response = await post(t.app, '/api/auth/refresh', undefined, { cookie });
    expect(response.statusCode).toBe(200);
    const next = refreshCookie(response);
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);
    expect((await me(response.json().tokens.access_token)).statusCode).toBe(200);
  });

  it('treats a reused (already rotated) token as theft and ends the whole session', async () => {
    const { cookie } = await signIn();
    const rotated = refreshCookie(await post(t.app, '/api/auth/refresh', undefined, { cookie }));
    const replay = await post(t.app, '/api/auth/refresh', undefined, { cookie });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('SESSION_EXPIRED');
    expect((await post(t.app, '/api/auth/refresh', undefined, { cookie: rotated })).statusCode).toBe(401);
  });

  it('answers 401 without a cookie and after the refresh token expires', async () => {
    expect((await post(t.app, '/api/auth/refresh')).json()).toEqual({
      detail: 'Your session has expired. Please sign in again.',
      code: 'SESSION_EXPIRED',
    });
    const { cookie } = await signIn();
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await post(t.app, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const { cookie } = await signIn();
    const response = await post(t.app, '/api/auth/logout', undefined, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    const cleared = response.cookies.find((c) => c.name === 'unnest_refresh');
    expect(cleared?.value).toBe('');
    expect((await post(t.app, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
  });

  it('succeeds without a session too', async () => {
    expect((await post(t.app, '/api/auth/logout')).statusCode).toBe(200);
  });
});

describe("ending sessions at once (the account's session epoch)", () => {
  it('signs out everywhere: every access and refresh token of the account stops working', async () => {
    const { email, token, cookie } = await signIn();
    const other = await post(t.app, '/api/auth/login', { email, password: 'correct horse' });
    const otherToken = other.json().tokens.access_token as string;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-everywhere',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    for (const ended of [token, otherToken]) {
      const answer = await me(ended);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        detail: 'This session was ended. Please sign in again.',
        code: 'UNAUTHENTICATED',
      });
    }
    expect((await post(t.app, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
    expect((await post(t.app, '/api/auth/refresh', undefined, { cookie: refreshCookie(other) })).statusCode).toBe(401);
    const again = await post(t.app, '/api/auth/login', { email, password: 'correct horse' });
    expect((await me(again.json().tokens.access_token)).statusCode).toBe(200);
  });

  it("answers 401 (not 500) to a deleted account's old token", async () => {
    const { token } = await signIn();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'correct horse' },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    for (const url of ['/api/auth/me', '/api/profile', '/api/files']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ detail: 'This account no longer exists', code: 'UNAUTHENTICATED' });
    }
  });
});
