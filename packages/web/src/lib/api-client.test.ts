import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiJson, REFRESH_MARGIN_SECONDS, signOutHere } from './api-client';
import { ApiError, NETWORK_ERROR_TEXT } from './api-error';
import { endSession, getSession, nowSeconds, startSession } from './session-store';
import { unsignedAccessToken } from './test-support/access-token';

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;
let handler: Handler;
let calls: { path: string; authorization: string | undefined }[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const OLD = unsignedAccessToken({ sub: 'old' });
const NEW = unsignedAccessToken({ sub: 'new' });
const refreshed = () =>
  json(200, { success: true, tokens: { access_token: NEW, token_type: 'Bearer', expires_in: 900 } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ path, authorization: headers.Authorization });
      return handler(path, init);
    }),
  );
});

afterEach(() => {
  endSession();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends the bearer token and a JSON body', async () => {
    startSession(OLD);
    handler = () => json(200, { ok: true });
    expect(await apiJson('/api/x', { method: 'POST', json: { a: 1 }, fallbackError: 'failed' })).toEqual({ ok: true });
    expect(calls).toEqual([{ path: '/api/x', authorization: `Bearer ${OLD}` }]);
  });

  it('renews the token once on a 401 and sends the call again with the new one', async () => {
    startSession(OLD);
    handler = (path, init) => {
      if (path === '/api/auth/refresh') return refreshed();
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === `Bearer ${NEW}`
        ? json(200, { ok: true })
        : json(401, { detail: 'expired', code: 'SESSION_EXPIRED' });
    };
    await apiFetch('/api/files', { fallbackError: 'failed' });
    expect(calls.map((call) => call.path)).toEqual(['/api/files', '/api/auth/refresh', '/api/files']);
    expect(calls[2]?.authorization).toBe(`Bearer ${NEW}`);
    expect(getSession()?.token).toBe(NEW);
  });

  it('ends the session when the refresh is refused, and reports the first answer', async () => {
    startSession(OLD);
    handler = (path) =>
      path === '/api/auth/refresh'
        ? json(401, { detail: 'no cookie', code: 'UNAUTHENTICATED' })
        : json(401, { detail: 'Session expired', code: 'SESSION_EXPIRED' });
    const error = await apiFetch('/api/files', { fallbackError: 'failed' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Session expired', code: 'SESSION_EXPIRED' });
    expect(getSession()).toBeNull();
    expect(calls.filter((call) => call.path === '/api/files')).toHaveLength(1);
  });

  it('does not renew the token or send again when a 401 refuses a password, not the token', async () => {
    startSession(OLD);
    handler = (path) =>
      path === '/api/auth/refresh'
        ? refreshed()
        : json(401, { detail: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    await expect(
      apiFetch('/api/profile', { method: 'DELETE', json: { password: 'wrong' }, fallbackError: 'failed' }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(calls.map((call) => call.path)).toEqual(['/api/profile']);
    expect(getSession()?.token).toBe(OLD);
  });

  it('does not try a refresh for a signed-out 401', async () => {
    handler = () => json(401, { detail: 'Sign in first', code: 'UNAUTHENTICATED' });
    await expect(apiFetch('/api/files', { fallbackError: 'failed' })).rejects.toMatchObject({ status: 401 });
    expect(calls.map((call) => call.path)).toEqual(['/api/files']);
  });

  it('renews a token about to expire before using it, with one refresh for calls made together', async () => {
    startSession(unsignedAccessToken({ iat: nowSeconds(), exp: nowSeconds() + REFRESH_MARGIN_SECONDS - 1 }));
    handler = (path) => (path === '/api/auth/refresh' ? refreshed() : json(200, {}));
    await Promise.all([apiFetch('/api/a', { fallbackError: 'x' }), apiFetch('/api/b', { fallbackError: 'x' })]);
    expect(calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(1);
    expect(calls.filter((call) => call.path !== '/api/auth/refresh').map((call) => call.authorization)).toEqual([
      `Bearer ${NEW}`,
      `Bearer ${NEW}`,
    ]);
  });

  it('sends a new token as is on a browser whose clock runs ahead of the server', async () => {
    // The server's clock is 14.5 minutes behind: by its claims the 15-minute token has 30 seconds left.
    startSession(unsignedAccessToken({ iat: nowSeconds() - 870, exp: nowSeconds() + 30 }));
    handler = (path) => (path === '/api/auth/refresh' ? refreshed() : json(200, {}));
    await apiFetch('/api/a', { fallbackError: 'x' });
    expect(calls.map((call) => call.path)).toEqual(['/api/a']);
  });

  it("turns error bodies into ApiErrors: the server's detail and code, else the fallback", async () => {
    handler = () => json(429, { detail: 'Daily limit reached', code: 'QUOTA_EXCEEDED' });
    await expect(apiFetch('/api/x', { fallbackError: 'failed' })).rejects.toMatchObject({
      status: 429,
      message: 'Daily limit reached',
      code: 'QUOTA_EXCEEDED',
    });
    handler = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(apiFetch('/api/x', { fallbackError: 'Conversion failed' })).rejects.toMatchObject({
      status: 502,
      message: 'Conversion failed',
      code: 'UNKNOWN',
    });
  });

  it('reports an unreachable server as a network error and passes an abort through', async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(apiFetch('/api/x', { fallbackError: 'failed' })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_TEXT,
      code: 'NETWORK',
    });
    handler = () => {
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(apiFetch('/api/x', { fallbackError: 'failed' })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does not send a call signed out when the session ended while it waited for a renewal', async () => {
    startSession(unsignedAccessToken({ iat: nowSeconds(), exp: nowSeconds() + REFRESH_MARGIN_SECONDS - 1 }));
    handler = (path) =>
      path === '/api/auth/refresh' ? json(401, { detail: 'revoked', code: 'SESSION_EXPIRED' }) : json(200, {});
    await expect(apiFetch('/api/usage', { fallbackError: 'x' })).rejects.toMatchObject({
      status: 401,
      code: 'SESSION_EXPIRED',
    });
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/refresh']);
    expect(getSession()).toBeNull();
  });
});

describe('signOutHere', () => {
  it('lets a renewal under way finish before the server revokes the cookie, then ends the session', async () => {
    startSession(unsignedAccessToken({ iat: nowSeconds(), exp: nowSeconds() + REFRESH_MARGIN_SECONDS - 1 }));
    let answerRefresh: (response: Response) => void = () => {};
    handler = (path) => {
      if (path === '/api/auth/refresh') return new Promise<Response>((resolve) => (answerRefresh = resolve));
      return json(200, {});
    };
    const call = apiFetch('/api/usage', { fallbackError: 'x' });
    await vi.waitFor(() => expect(calls.map((made) => made.path)).toEqual(['/api/auth/refresh']));
    const signedOut = signOutHere();
    await Promise.resolve();
    expect(calls.map((made) => made.path)).toEqual(['/api/auth/refresh']);
    answerRefresh(refreshed());
    await Promise.all([call, signedOut]);
    expect(calls.map((made) => made.path).sort()).toEqual(['/api/auth/logout', '/api/auth/refresh', '/api/usage']);
    expect(calls.find((made) => made.path === '/api/usage')?.authorization).toBe(`Bearer ${NEW}`);
    expect(getSession()).toBeNull();
  });

  it('starts no renewal while signing out, and ends the session even when the server is unreachable', async () => {
    startSession(unsignedAccessToken({ iat: nowSeconds(), exp: nowSeconds() + REFRESH_MARGIN_SECONDS - 1 }));
    let answerLogout: (response: Response) => void = () => {};
    handler = (path) => {
      if (path === '/api/auth/logout') return new Promise<Response>((resolve) => (answerLogout = resolve));
      return json(200, {});
    };
    const signedOut = signOutHere();
    await vi.waitFor(() => expect(calls.map((made) => made.path)).toEqual(['/api/auth/logout']));
    await apiFetch('/api/usage', { fallbackError: 'x' });
    expect(calls.map((made) => made.path)).toEqual(['/api/auth/logout', '/api/usage']);
    answerLogout(json(200, {}));
    await signedOut;
    expect(getSession()).toBeNull();

    startSession(OLD);
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    await signOutHere();
    expect(getSession()).toBeNull();
  });
});
