import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { buySmallPack as buyPack, credits as creditsOf } from './support/credits.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const credits = (user: TestUser) => creditsOf(t, user);
const buySmallPack = (user: TestUser) => buyPack(t, user);

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
        'XLSX output is not included in the Free plan. Upgrade your plan to use it. You have no conversion credits left: buy credits to get it without upgrading.',
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
