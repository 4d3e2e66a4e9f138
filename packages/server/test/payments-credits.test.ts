import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Test mode (the default here): packs are bought on the server's own checkout page.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const credits = async (user: TestUser) =>
  (await call(t.app, user, 'GET', '/api/payments/user-subscription')).json().credits as number;

/** Buys the small pack (10 credits) through the test checkout. */
async function buySmallPack(user: TestUser): Promise<void> {
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

const RECORDS = '[{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]';

describe('what credits buy', () => {
  it('50 concurrent XLSX conversions (not in the Free plan) on 10 credits: exactly 10 run, the rest are told to buy', async () => {
    const user = await signedInUser(t, 'xlsx-race');
    await buySmallPack(user);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        uploadFile(t.app, user, { name: `r${i}.json`, content: RECORDS }, { output_format: 'xlsx' }),
      ),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(ok.every((response) => response.json().output_format === 'xlsx')).toBe(true);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(refused.every((response) => response.statusCode === 403)).toBe(true);
    expect(refused[0]?.json()).toEqual({
      code: 'FORMAT_NOT_IN_PLAN',
      detail:
        'XLSX output is not included in the Free plan. Upgrade your plan to use it. You have no conversion credits left: buy credits to convert it without upgrading.',
    });
    expect(await credits(user)).toBe(0);
  }, 120_000);

  it('a conversion that fails gives its credit back; one within the plan spends none', async () => {
    const user = await signedInUser(t, 'refund-credit');
    await buySmallPack(user);
    const broken = await uploadFile(
      t.app,
      user,
      { name: 'broken.json', content: '[{"a":1},' },
      { output_format: 'tsv' },
    );
    expect(broken.statusCode).toBe(422);
    expect(await credits(user)).toBe(10);
    const csv = await uploadFile(t.app, user, { name: 'plain.json', content: RECORDS }, { output_format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(await credits(user)).toBe(10);
    const tsv = await uploadFile(t.app, user, { name: 'tabs.json', content: RECORDS }, { output_format: 'tsv' });
    expect(tsv.statusCode).toBe(200);
    expect(await credits(user)).toBe(9);
  });

  it('pays for a file over the plan’s size (Free: 5 MB) and for conversions past the daily limit', async () => {
    const user = await signedInUser(t, 'big-and-many');
    const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
    big.write('[{"a": 1}]', 0);
    const refused = await uploadFile(t.app, user, { name: 'big.json', content: big });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toMatch(/You have no conversion credits left: buy credits/);
    await buySmallPack(user);
    const paid = await uploadFile(t.app, user, { name: 'big.json', content: big });
    expect(paid.statusCode).toBe(200);
    expect(await credits(user)).toBe(9);

    // Free includes 10 conversions per 24 hours; the big file was paid by a credit, not counted.
    for (let i = 0; i < 10; i += 1) {
      expect((await uploadFile(t.app, user, { name: `d${i}.json`, content: RECORDS })).statusCode).toBe(200);
    }
    expect(await credits(user)).toBe(9);
    const eleventh = await uploadFile(t.app, user, { name: 'd10.json', content: RECORDS });
    expect(eleventh.statusCode).toBe(200);
    expect(await credits(user)).toBe(8);
  }, 120_000);
});
