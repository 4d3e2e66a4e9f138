import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/command.js';
import { createConfirmedUser, post, startTestApp, type TestApp, uniqueEmail } from './support/test-app.js';

const ADMIN = 'boss@example.com';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: `Someone@example.com, ${ADMIN}` } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct horse';
const login = (email: string, password = PASSWORD, address?: string) =>
  post(t.app, '/api/auth/login', { email, password }, address ? { address } : {});

describe('POST /api/auth/login', () => {
  it('answers {success, tokens, user}, sets an httpOnly refresh cookie, and the JWT carries the claims', async () => {
    const email = uniqueEmail('login');
    await createConfirmedUser(t, email, PASSWORD);
    const response = await login(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, user: { email } });
    expect(body.user.user_id).toMatch(/^[0-9a-f-]{36}$/);
    const claims = decodeJwt(body.tokens.access_token);
    expect(claims).toMatchObject({ sub: body.user.user_id, email, groups: [], is_premium: false, plan: 'free' });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    const cookie = response.cookies.find((c) => c.name === 'unnest_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.value.length).toBeGreaterThan(30);
  });

  it.each([
    [{ email: 'a@b.co' }, 'Please enter both email and password'],
    [{ email: 'a@b.co', password: '' }, 'Please enter both email and password'],
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email address'],
  ])('rejects %j with the spec text', async (body, detail) => {
    const response = await post(t.app, '/api/auth/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail, code: 'VALIDATION_FAILED' });
  });

  it('tells the three failures apart by their code, which the client classifies by', async () => {
    const unconfirmed = uniqueEmail('unconfirmed');
    await post(t.app, '/api/auth/signup', { email: unconfirmed, password: PASSWORD });
    await t.inbox.next(unconfirmed);
    const known = uniqueEmail('known');
    await createConfirmedUser(t, known, PASSWORD);

    const notFound = await login(uniqueEmail('missing'));
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ detail: 'User not found', code: 'USER_NOT_FOUND' });

    const wrong = await login(known, 'wrong password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });

    const notConfirmed = await login(unconfirmed);
    expect(notConfirmed.statusCode).toBe(403);
    expect(notConfirmed.json().code).toBe('EMAIL_NOT_CONFIRMED');
  });

  it('slows the guesser (address and account together, with backoff), not the owner elsewhere', async () => {
    const email = uniqueEmail('throttle');
    await createConfirmedUser(t, email, PASSWORD);
    const guesser = '10.0.0.1';
    for (let i = 0; i < 10; i++) expect((await login(email, 'wrong password', guesser)).statusCode).toBe(401);
    const blocked = await login(email, PASSWORD, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The owner, from another address, is not locked out.
    expect((await login(email, PASSWORD, '10.0.9.9')).statusCode).toBe(200);

    // The second round of 10 failures waits for the hour window, not 15 minutes.
    t.clock.advance(retryAfter * 1000);
    for (let i = 0; i < 10; i++) expect((await login(email, 'wrong password', guesser)).statusCode).toBe(401);
    const longer = await login(email, PASSWORD, guesser);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(15 * 60);
    t.clock.advance(Number(longer.headers['retry-after']) * 1000);
    expect((await login(email, PASSWORD, guesser)).statusCode).toBe(200);
  });

  it('forgets failures after a successful sign-in', async () => {
    const email = uniqueEmail('reset-count');
    await createConfirmedUser(t, email, PASSWORD);
    for (let i = 0; i < 9; i++) await login(email, 'wrong password', '10.1.0.1');
    expect((await login(email, PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login(email, 'wrong password', '10.1.0.3');
    expect((await login(email, PASSWORD, '10.1.0.4')).statusCode).toBe(200);
  });

  it('throttles a client address that fails on many accounts', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 30; i++) {
      expect((await login(uniqueEmail('spray'), PASSWORD, address)).statusCode).toBe(404);
    }
    const email = uniqueEmail('victim');
    await createConfirmedUser(t, email, PASSWORD);
    const blocked = await login(email, PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(email, PASSWORD, '192.0.2.78')).statusCode).toBe(200);
  });
});

describe('groups', () => {
  it('makes ADMIN_EMAILS admins and plans premium (operator command), computed by the server', async () => {
    await createConfirmedUser(t, ADMIN, PASSWORD);
    const admin = decodeJwt((await login(ADMIN)).json().tokens.access_token);
    expect(admin).toMatchObject({ groups: ['admin'], is_premium: false });

    const email = uniqueEmail('payer');
    await createConfirmedUser(t, email, PASSWORD);
    expect(await runAdminCommand(['grant', email, 'professional'], t.auth, t.payments)).toContain(
      'now on plan professional',
    );
    const premium = decodeJwt((await login(email)).json().tokens.access_token);
    expect(premium).toMatchObject({ groups: ['premium', 'professional'], is_premium: true, plan: 'professional' });

    await runAdminCommand(['revoke', email], t.auth, t.payments);
    const free = decodeJwt((await login(email)).json().tokens.access_token);
    expect(free).toMatchObject({ groups: [], is_premium: false, plan: 'free' });
  });

  it('rejects malformed operator commands with the usage text', async () => {
    await expect(runAdminCommand(['grant', 'x@example.com', 'gold'], t.auth, t.payments)).rejects.toThrow(
      /Unknown plan 'gold'/,
    );
    await expect(runAdminCommand(['promote'], t.auth, t.payments)).rejects.toThrow(/Usage:/);
    await expect(runAdminCommand(['revoke', uniqueEmail('nobody')], t.auth, t.payments)).rejects.toThrow(
      'User not found',
    );
  });
});
