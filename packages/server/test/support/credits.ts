import { expect } from 'vitest';
import { call, type TestUser } from './api-client.js';
import type { TestApp } from './test-app.js';

/** The account's conversion credits, as /api/payments/user-subscription says. */
export async function credits(t: TestApp, user: TestUser): Promise<number> {
  return (await call(t.app, user, 'GET', '/api/payments/user-subscription')).json().credits as number;
}

/** Buys the small pack (10 credits) through the test checkout (test mode, the tests' default). */
export async function buySmallPack(t: TestApp, user: TestUser): Promise<void> {
  const order = (
    await call(t.app, user, 'POST', '/api/payments/pay-per-use', { payload: { package_id: 'small' } })
  ).json();
  const paid = await t.app.inject({
    method: 'POST',
    url: order.checkout_url,
    payload: 'outcome=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const result = Object.fromEntries(new URL(String(paid.headers.location), 'http://localhost').searchParams);
  const done = await call(t.app, user, 'POST', '/api/payments/complete-payment', { payload: result });
  expect(done.statusCode).toBe(200);
}
