import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMonth } from '../src/api-keys/metering.js';
import { apiCallCounts } from '../src/db/schema.js';
import { call, signedInUser, type TestUser } from './support/api-client.js';
import { buySmallPack, credits } from './support/credits.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

interface KeyUser extends TestUser {
  key: string;
}

/** A signed-in account on `plan` with one API key. */
async function keyUser(label: string, plan: 'free' | 'starter' | 'business'): Promise<KeyUser> {
  const user = await signedInUser(t, label);
  if (plan !== 'free') await t.auth.setPlan(user.email, plan);
  const created = await call(t.app, user, 'POST', '/api/keys', { payload: { name: label } });
  return { ...user, key: created.json().key };
}

function withKey(user: KeyUser, url = '/api/files'): Promise<LightMyRequestResponse> {
  return t.app.inject({ url, headers: { 'x-api-key': user.key } });
}

/** Sets the month's count as if `calls` calls had been made (1,000 real calls would only be slow). */
async function alreadyCalled(user: TestUser, calls: number): Promise<void> {
  const { month } = apiMonth(t.clock.now());
  await t.database.handle.db
    .insert(apiCallCounts)
    .values({ userId: user.id, month, calls })
    .onConflictDoUpdate({ target: [apiCallCounts.userId, apiCallCounts.month], set: { calls: sql`${calls}` } });
}

async function usage(user: TestUser) {
  return (await call(t.app, user, 'GET', '/api/usage')).json();
}

function rateLimit(response: LightMyRequestResponse) {
  return {
    limit: response.headers['ratelimit-limit'],
    remaining: response.headers['ratelimit-remaining'],
    reset: response.headers['ratelimit-reset'],
  };
}

/** Whole seconds from the fake clock's now until the month ends (what RateLimit-Reset says). */
function secondsToMonthEnd(): string {
  const now = t.clock.now();
  return String(Math.ceil((apiMonth(now).resetAt.getTime() - now.getTime()) / 1000));
}

describe('API calls per month', () => {
  it('counts every key call with RateLimit headers, not the calls of a signed-in session', async () => {
    const user = await keyUser('meter-count', 'starter');
    const first = await withKey(user);
    expect(first.statusCode).toBe(200);
    expect(rateLimit(first)).toEqual({ limit: '1000', remaining: '999', reset: secondsToMonthEnd() });
    // A failed call made with a key counts too (it reached the server and was answered).
    expect((await withKey(user, '/api/files/download/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(rateLimit(await withKey(user)).remaining).toBe('997');
    await call(t.app, user, 'GET', '/api/files');
    const { month, resetAt } = apiMonth(t.clock.now());
    expect((await usage(user)).api_calls).toEqual({
      month,
      used: 3,
      limit: 1000,
      remaining: 997,
      credit_calls: 0,
      reset_at: resetAt.toISOString(),
    });
    // Looking at the usage or the key with the key itself is free, and says the same.
    const looked = await withKey(user, '/api/usage');
    expect(looked.json().api_calls.used).toBe(3);
    expect(rateLimit(looked).remaining).toBe('997');
    expect((await withKey(user, '/api/auth/validate')).statusCode).toBe(200);
    expect((await usage(user)).api_calls.used).toBe(3);
  });

  it('refuses the call past the limit with 429, the limit, the count and the reset time', async () => {
    const user = await keyUser('meter-limit', 'starter');
    await alreadyCalled(user, 999);
    const last = await withKey(user);
    expect(last.statusCode).toBe(200);
    expect(rateLimit(last).remaining).toBe('0');

    const refused = await withKey(user);
    const { resetAt } = apiMonth(t.clock.now());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'API_LIMIT_REACHED',
      detail: `The Starter plan includes 1,000 API calls per month and you have used them all. They start again on ${resetAt.toISOString()}; upgrade your plan, or buy conversion credits (one pays for one call).`,
      limit: 1000,
      used: 1000,
      reset_at: resetAt.toISOString(),
    });
    expect(rateLimit(refused)).toEqual({ limit: '1000', remaining: '0', reset: secondsToMonthEnd() });
    expect(refused.headers['retry-after']).toBe(secondsToMonthEnd());
    // A signed-in session is not metered, so the web app keeps working.
    expect((await call(t.app, user, 'GET', '/api/files')).statusCode).toBe(200);
    expect((await usage(user)).api_calls).toMatchObject({ used: 1000, remaining: 0 });
  });

  it('starts again when the calendar month (UTC) turns', async () => {
    const user = await keyUser('meter-month', 'starter');
    const before = apiMonth(t.clock.now());
    await alreadyCalled(user, 1000);
    expect((await withKey(user)).statusCode).toBe(429);
    // One second before the month ends: still refused, and the reset is one second away.
    t.clock.advance(before.resetAt.getTime() - t.clock.now().getTime() - 1000);
    const lastSecond = await withKey(user);
    expect(lastSecond.statusCode).toBe(429);
    expect(rateLimit(lastSecond).reset).toBe('1');
    t.clock.advance(1000);
    const next = apiMonth(t.clock.now());
    expect(next.month).not.toBe(before.month);
    const fresh = await withKey(user);
    expect(fresh.statusCode).toBe(200);
    expect(rateLimit(fresh)).toEqual({ limit: '1000', remaining: '999', reset: secondsToMonthEnd() });
    const signedIn = await call(t.app, user, 'GET', '/api/usage');
    // The clock moved past the session's access token; the key still says what the month holds.
    expect(signedIn.statusCode).toBe(401);
    expect((await withKey(user, '/api/usage')).json().api_calls).toMatchObject({ month: next.month, used: 1 });
  });

  it('counts parallel calls exactly: only the calls left in the month get through', async () => {
    const user = await keyUser('meter-parallel', 'starter');
    await alreadyCalled(user, 990);
    const answers = await Promise.all(Array.from({ length: 30 }, () => withKey(user)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const remaining = answers.filter((answer) => answer.statusCode === 200).map((a) => rateLimit(a).remaining);
    expect(remaining.sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect((await usage(user)).api_calls.used).toBe(1000);
  });

  it('counts parallel calls from a fresh month exactly on an unlimited plan, with no limit headers', async () => {
    const user = await keyUser('meter-unlimited', 'business');
    const answers = await Promise.all(Array.from({ length: 20 }, () => withKey(user)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.some((answer) => answer.headers['ratelimit-limit'] !== undefined)).toBe(false);
    expect((await usage(user)).api_calls).toMatchObject({ used: 20, limit: -1, remaining: -1 });
  });
});

describe('credits past the allowance', () => {
  it('Free includes no API calls: without credits every key call is refused', async () => {
    const user = await keyUser('meter-free', 'free');
    const refused = await withKey(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'API_LIMIT_REACHED',
      detail:
        'The Free plan includes no API calls. Upgrade your plan, or buy conversion credits (one pays for one call).',
      limit: 0,
      used: 0,
    });
    expect(rateLimit(refused)).toMatchObject({ limit: '0', remaining: '0' });
  });

  it('spends one credit per call past the limit, exactly, under parallel calls', async () => {
    const user = await keyUser('meter-credits', 'free');
    await buySmallPack(t, user);
    expect(await credits(t, user)).toBe(10);
    const answers = await Promise.all(Array.from({ length: 16 }, () => withKey(user)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    expect(await credits(t, user)).toBe(0);
    expect((await usage(user)).api_calls).toMatchObject({ used: 0, limit: 0, credit_calls: 10 });
  });
});
