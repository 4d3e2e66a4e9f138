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
  // forgot-password queues the mail: this app runs a job worker.
  t = await startTestApp({ env: { WORKERS: '1' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Status, body and headers, less the ones that differ per request anyway. */
function comparable(response: Awaited<ReturnType<typeof post>>) {
  const { date: _date, 'content-length': _length, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers };
}

describe('POST /api/auth/forgot-password', () => {
  it('answers identically for known and unknown e-mails, and mails only the known one', async () => {
    const known = uniqueEmail('known');
    await createConfirmedUser(t, known);
    const unknown = uniqueEmail('unknown');
    const a = await post(t.app, '/api/auth/forgot-password', { email: known });
    const b = await post(t.app, '/api/auth/forgot-password', { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(comparable(a)).toEqual(comparable(b));
    expect(a.json().message).toBe('If an account exists for this email, a reset code has been sent to it.');
    expect((await t.inbox.next(known)).code).toMatch(/^\d{6}$/);
    expect(t.inbox.pending(unknown)).toBe(0);
  });

  it('needs an e-mail', async () => {
    expect((await post(t.app, '/api/auth/forgot-password', { email: '' })).json()).toEqual({
      detail: 'Please enter your email address',
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password with the mailed code and signs out every session', async () => {
    const email = uniqueEmail('reset');
    await createConfirmedUser(t, email, 'old password');
    const signedIn = await post(t.app, '/api/auth/login', { email, password: 'old password' });
    const session = refreshCookie(signedIn);
    const bearer = { authorization: `Bearer ${signedIn.json().tokens.access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer })).statusCode).toBe(200);
    await post(t.app, '/api/auth/forgot-password', { email });
    const { code } = await t.inbox.next(email);
    const reset = await post(t.app, '/api/auth/reset-password', { email, code, new_password: 'new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been reset. You can now sign in.');
    expect((await post(t.app, '/api/auth/login', { email, password: 'old password' })).statusCode).toBe(401);
    expect((await post(t.app, '/api/auth/login', { email, password: 'new password' })).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/refresh', undefined, { cookie: session })).statusCode).toBe(401);
    // The access token issued before the reset ends at once, not when it expires.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer })).statusCode).toBe(401);
    const reused = await post(t.app, '/api/auth/reset-password', { email, code, new_password: 'third password' });
    expect(reused.json().code).toBe('CODE_INVALID');
  });

  it('refuses a wrong code, an expired code and a short password', async () => {
    const email = uniqueEmail('reset-bad');
    await createConfirmedUser(t, email);
    await post(t.app, '/api/auth/forgot-password', { email });
    const { code } = await t.inbox.next(email);
    const wrongCode = code === '123123' ? '321321' : '123123';
    const wrong = await post(t.app, '/api/auth/reset-password', {
      email,
      code: wrongCode,
      new_password: 'new password',
    });
    expect(wrong.json().code).toBe('CODE_INVALID');
    const short = await post(t.app, '/api/auth/reset-password', { email, code, new_password: 'short' });
    expect(short.json()).toEqual({ detail: 'Password must be at least 8 characters long', code: 'VALIDATION_FAILED' });
    t.clock.advance(11 * 60 * 1000);
    const expired = await post(t.app, '/api/auth/reset-password', { email, code, new_password: 'new password' });
    expect(expired.json().code).toBe('CODE_EXPIRED');
  });
});
