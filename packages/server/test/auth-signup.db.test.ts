import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startTestApp, type TestApp, uniqueEmail } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function signup(email: string, password = 'long enough', address?: string) {
  return post(t.app, '/api/auth/signup', { email, password }, address ? { address } : {});
}

const confirm = (email: string, code: string | undefined) =>
  post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: code });
const login = (email: string, password: string) => post(t.app, '/api/auth/login', { email, password });

describe('POST /api/auth/signup', () => {
  it('creates an account and e-mails a 6-digit code', async () => {
    const email = uniqueEmail('signup');
    const response = await signup(email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Account created successfully! Please check your email for a confirmation code.',
      detail: 'Account created successfully! Please check your email for a confirmation code.',
    });
    const mail = await t.inbox.next(email);
    expect(mail.code).toMatch(/^\d{6}$/);
  });

  it.each([
    [{ email: 'a@b.co' }, 'Please enter both email and password'],
    [{ password: 'long enough' }, 'Please enter both email and password'],
    [{ email: '', password: 'long enough' }, 'Please enter both email and password'],
    [{ email: 'not-an-email', password: 'long enough' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters long'],
  ])('rejects %j with the spec text', async (body, detail) => {
    const response = await post(t.app, '/api/auth/signup', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail, code: 'VALIDATION_FAILED' });
  });

  it('refuses an e-mail that already has a confirmed account, case-insensitively', async () => {
    const email = uniqueEmail('taken');
    await signup(email);
    const { code } = await t.inbox.next(email);
    await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: code });
    const again = await signup(email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');
  });

  it('keeps a pending sign-up while its code is valid: a second one is told to check the mail', async () => {
    const email = uniqueEmail('pending');
    expect((await signup(email, 'first password', '198.51.100.1')).statusCode).toBe(201);
    const first = await t.inbox.next(email);
    const second = await signup(email, 'second password', '198.51.100.2');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      detail: 'This email address is waiting for confirmation. Please check your email for a confirmation code.',
      code: 'SIGNUP_PENDING',
    });
    expect(t.inbox.pending(email)).toBe(0);
    expect((await confirm(email, first.code)).statusCode).toBe(200);
    expect((await login(email, 'second password')).statusCode).toBe(401);
    expect((await login(email, 'first password')).statusCode).toBe(200);
  });

  it('starts an abandoned sign-up over once its code expired; only the new code confirms it', async () => {
    const email = uniqueEmail('again');
    await signup(email, 'first password', '198.51.100.3');
    const first = await t.inbox.next(email);
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await signup(email, 'another password', '198.51.100.4')).statusCode).toBe(201);
    const second = await t.inbox.next(email);
    if (first.code !== second.code) expect((await confirm(email, first.code)).json().code).toBe('CODE_INVALID');
    expect((await confirm(email, second.code)).statusCode).toBe(200);
    expect((await login(email, 'first password')).statusCode).toBe(401);
    expect((await login(email, 'another password')).statusCode).toBe(200);
  });

  it('lets one of many parallel restarts win, and its code confirms its own password', async () => {
    const email = uniqueEmail('race');
    await signup(email, 'first password', '198.51.100.5');
    await t.inbox.next(email);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const passwords = Array.from({ length: 8 }, (_, i) => `password number ${i}`);
    const answers = await Promise.all(passwords.map((password, i) => signup(email, password, `198.51.101.${i}`)));
    const winners = answers.flatMap((answer, i) => (answer.statusCode === 201 ? [passwords[i]] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(passwords.length - 1);
    const { code } = await t.inbox.next(email);
    expect(t.inbox.pending(email)).toBe(0);
    expect((await confirm(email, code)).statusCode).toBe(200);
    for (const password of passwords) {
      expect((await login(email, password)).statusCode).toBe(password === winners[0] ? 200 : 401);
    }
  });

  it('lets a sign-up whose mail failed start over at once, and gives the mail slot back', async () => {
    const down = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const email = uniqueEmail('no-mail');
      const address = { address: '198.51.100.90' };
      for (let i = 0; i < 25; i++) {
        const response = await post(down.app, '/api/auth/signup', { email, password: `password ${i}` }, address);
        expect(response.statusCode).toBe(502);
        expect(response.json().code).toBe('MAIL_FAILED');
      }
    } finally {
      await down.close();
    }
  });

  it('limits code mails (sign-up, resend, forgot password) per client address', async () => {
    const address = '203.0.113.9';
    const from = { address };
    for (let i = 0; i < 20; i++) {
      const email = uniqueEmail('many');
      const response = await (i % 2 === 0
        ? signup(email, 'long enough', address)
        : post(t.app, '/api/auth/forgot-password', { email }, from));
      expect(response.statusCode).toBeLessThan(300);
    }
    const refused = [
      await signup(uniqueEmail('one-more'), 'long enough', address),
      await post(t.app, '/api/auth/resend-confirmation', { email: uniqueEmail('one-more') }, from),
      await post(t.app, '/api/auth/forgot-password', { email: uniqueEmail('one-more') }, from),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    const elsewhere = uniqueEmail('elsewhere');
    expect((await signup(elsewhere, 'long enough', '203.0.113.10')).statusCode).toBe(201);
    expect((await t.inbox.next(elsewhere)).code).toMatch(/^\d{6}$/);
  });
});

describe('POST /api/auth/confirm-signup', () => {
  it('confirms with the mailed code, once', async () => {
    const email = uniqueEmail('confirm');
    await signup(email);
    const { code } = await t.inbox.next(email);
    const response = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: code });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Email confirmed successfully! You can now sign in.');
    const again = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: code });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_CONFIRMED');
  });

  it.each([
    [{ email: 'a@b.co' }, 'Please fill in all required fields'],
    [{ confirmation_code: '123456' }, 'Please fill in all required fields'],
    [{ email: 'a@b.co', confirmation_code: '' }, 'Please fill in all required fields'],
    [{ email: 'a@b.co', confirmation_code: '12a456' }, 'Enter the 6-digit code sent to your e-mail'],
    [{ email: 'a@b.co', confirmation_code: '1234567' }, 'Enter the 6-digit code sent to your e-mail'],
  ])('rejects %j with the spec text', async (body, detail) => {
    const response = await post(t.app, '/api/auth/confirm-signup', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail, code: 'VALIDATION_FAILED' });
  });

  it('answers a wrong code and an unknown address alike, as a confirmation problem', async () => {
    const email = uniqueEmail('wrong');
    await signup(email);
    const { code } = await t.inbox.next(email);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: wrongCode });
    const unknown = await post(t.app, '/api/auth/confirm-signup', {
      email: uniqueEmail('nobody'),
      confirmation_code: wrongCode,
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().code).toBe('CODE_INVALID');
  });

  it('expires codes after 10 minutes', async () => {
    const email = uniqueEmail('expiry');
    await signup(email);
    const { code } = await t.inbox.next(email);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const response = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'This verification code has expired. Please request a new code.',
      code: 'CODE_EXPIRED',
    });
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = uniqueEmail('tries');
    await signup(email);
    const { code } = await t.inbox.next(email);
    const wrongCode = code === '999999' ? '999998' : '999999';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: wrongCode });
      codes.push(r.json().code);
    }
    expect(codes).toEqual(['CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_ATTEMPTS_EXCEEDED']);
    const right = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: code });
    expect(right.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });
});

describe('POST /api/auth/resend-confirmation', () => {
  it('sends a new code that works, and the old one no longer does', async () => {
    const email = uniqueEmail('resend');
    await signup(email);
    const first = await t.inbox.next(email);
    const response = await post(t.app, '/api/auth/resend-confirmation', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Confirmation code sent successfully! Please check your email.');
    const second = await t.inbox.next(email);
    if (first.code !== second.code) {
      const old = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: first.code });
      expect(old.json().code).toBe('CODE_INVALID');
    }
    const ok = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: second.code });
    expect(ok.statusCode).toBe(200);
  });

  it('allows 5 resends an hour, then answers 429 with Retry-After', async () => {
    const email = uniqueEmail('limit');
    await signup(email);
    await t.inbox.next(email);
    for (let i = 0; i < 5; i++) {
      expect((await post(t.app, '/api/auth/resend-confirmation', { email })).statusCode).toBe(200);
      await t.inbox.next(email);
    }
    const limited = await post(t.app, '/api/auth/resend-confirmation', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    t.clock.advance(retryAfter * 1000);
    expect((await post(t.app, '/api/auth/resend-confirmation', { email })).statusCode).toBe(200);
    await t.inbox.next(email);
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await post(t.app, '/api/auth/resend-confirmation', { email });
    expect(response.statusCode).toBe(200);
    expect(t.inbox.pending(email)).toBe(0);
  });

  it('needs an e-mail', async () => {
    const response = await post(t.app, '/api/auth/resend-confirmation', {});
    expect(response.json()).toEqual({ detail: 'Please enter your email address', code: 'VALIDATION_FAILED' });
  });
});
