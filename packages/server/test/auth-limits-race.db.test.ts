import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConfirmedUser, post, startTestApp, type TestApp, uniqueEmail } from './support/test-app.js';

// Spies on the two verifiers, so that the tests count the checks that really ran.
const checks = vi.hoisted(() => ({ passwords: 0, codes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      checks.passwords += 1;
      return argon2.verify(...args);
    },
  };
});
vi.mock('../src/auth/secrets.js', async (importOriginal) => {
  const secrets = await importOriginal<typeof import('../src/auth/secrets.js')>();
  return {
    ...secrets,
    sameDigest: (a: string, b: string) => {
      checks.codes += 1;
      return secrets.sameDigest(a, b);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  // forgot-password queues the mail: this app runs a job worker.
  t = await startTestApp({ env: { WORKERS: '1' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  checks.passwords = 0;
  checks.codes = 0;
});

const PASSWORD = 'correct horse';

function countStatuses(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('limits taken before the work, under parallel requests', () => {
  it('checks at most 5 of 1000 parallel reset codes; the right one among them does not get through', async () => {
    const email = uniqueEmail('burst-reset');
    await createConfirmedUser(t, email, PASSWORD);
    await post(t.app, '/api/auth/forgot-password', { email });
    const { code } = await t.inbox.next(email);
    if (!code) throw new Error('no reset code in the mail');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    checks.codes = 0;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        post(t.app, '/api/auth/reset-password', {
          email,
          code: i === 500 ? code : wrong(i),
          new_password: i === 500 ? 'taken over' : 'wrong guess',
        }),
      ),
    );
    expect(checks.codes).toBeGreaterThan(0);
    expect(checks.codes).toBeLessThanOrEqual(5);
    expect(countStatuses(answers)).toEqual({ 400: 1000 });
    expect(answers[500]?.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
    // The code is dead now, even sent alone, and the password is unchanged.
    const late = await post(t.app, '/api/auth/reset-password', { email, code, new_password: 'taken over' });
    expect(late.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
    expect((await post(t.app, '/api/auth/login', { email, password: 'taken over' })).statusCode).toBe(401);
    expect((await post(t.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('checks at most 10 of 400 parallel wrong passwords on one account from one address', async () => {
    const email = uniqueEmail('burst-login');
    await createConfirmedUser(t, email, PASSWORD);
    const address = '192.0.2.10';
    checks.passwords = 0;
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        post(t.app, '/api/auth/login', { email, password: i === 200 ? PASSWORD : `guess ${i}` }, { address }),
      ),
    );
    const counts = countStatuses(answers);
    expect(checks.passwords).toBeGreaterThan(0);
    expect(checks.passwords).toBeLessThanOrEqual(10);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(400);
    expect(answers[200]?.statusCode).toBe(429);
    // Refused requests gave their address slot back: the address can still sign in to another account.
    const other = uniqueEmail('burst-other');
    await createConfirmedUser(t, other, PASSWORD);
    expect((await post(t.app, '/api/auth/login', { email: other, password: PASSWORD }, { address })).statusCode).toBe(
      200,
    );
    // The owner from another address is not locked out.
    expect(
      (await post(t.app, '/api/auth/login', { email, password: PASSWORD }, { address: '192.0.2.11' })).statusCode,
    ).toBe(200);
  });

  it('checks at most 30 of 400 parallel wrong passwords from one address over many accounts', async () => {
    const emails = Array.from({ length: 8 }, () => uniqueEmail('burst-spray'));
    for (const email of emails) await createConfirmedUser(t, email, PASSWORD);
    const address = '192.0.2.20';
    checks.passwords = 0;
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        post(t.app, '/api/auth/login', { email: emails[i % emails.length], password: `guess ${i}` }, { address }),
      ),
    );
    const counts = countStatuses(answers);
    expect(checks.passwords).toBeGreaterThan(0);
    expect(checks.passwords).toBeLessThanOrEqual(30);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(30);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(400);
    for (const email of emails) {
      const perAccount = answers.filter(
        (answer, i) => emails[i % emails.length] === email && answer.statusCode === 401,
      );
      expect(perAccount.length).toBeLessThanOrEqual(10);
    }
  });
});
