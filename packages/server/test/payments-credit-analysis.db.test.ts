import { Readable } from 'node:stream';
import { ANALYSIS_TEXTS } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { buySmallPack, credits } from './support/credits.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const RECORDS = '[{"id": 1, "email": "ada@example.com"}, {"id": 2, "email": "grace@example.com"}]';
const REFUSED_ANALYSIS = {
  code: 'FORBIDDEN',
  detail: `${ANALYSIS_TEXTS.premiumRequired} You have no conversion credits left: buy credits to get it without upgrading.`,
};

/** A Free account left with `left` credits (a pack bought, the rest spent). */
async function freeUserWithCredits(label: string, left: number): Promise<TestUser> {
  const user = await signedInUser(t, label);
  await buySmallPack(t, user);
  for (let spent = 10; spent > left; spent -= 1) expect(await t.payments.takeCredit(user.id)).toBeDefined();
  expect(await credits(t, user)).toBe(left);
  return user;
}

const compare = (user: TestUser, payload: object) =>
  call(t.app, user, 'POST', '/api/convert/compare-analysis', { payload });
const TEXTS = { original_json: RECORDS, csv_data: 'id,email\n1,ada@example.com\n2,grace@example.com\n' };

describe('the premium analysis and comparison for one credit', () => {
  it('a Free account with 1 credit gets one comparison; the next is refused with the way to buy credits', async () => {
    const user = await freeUserWithCredits('one-compare', 1);
    const first = await compare(user, TEXTS);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().quality_score).toBe(100);
    expect(await credits(t, user)).toBe(0);
    const second = await compare(user, TEXTS);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual(REFUSED_ANALYSIS);
  });

  it('a Free upload asking analysis=1 gets the same-pass analysis for 1 credit; the next is refused, one without it runs', async () => {
    const user = await freeUserWithCredits('one-upload-analysis', 1);
    const first = await uploadFile(t.app, user, { name: 'a.json', content: RECORDS }, { analysis: '1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().ai_analysis).toMatchObject({ records: 2 });
    expect(first.json().smart_headers).toEqual(expect.any(Array));
    expect(await credits(t, user)).toBe(0);
    const second = await uploadFile(t.app, user, { name: 'b.json', content: RECORDS }, { analysis: 'true' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual(REFUSED_ANALYSIS);
    const plain = await uploadFile(t.app, user, { name: 'c.json', content: RECORDS });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).not.toHaveProperty('ai_analysis');
    const wrong = await uploadFile(t.app, user, { name: 'd.json', content: RECORDS }, { analysis: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('analysis must be true or false');
  });

  it('a comparison or an analysed conversion that fails gives its credit back', async () => {
    const user = await freeUserWithCredits('failed-analysis', 1);
    const comparison = await compare(user, { original_json: '[{"id": 1,', csv_data: 'id\n1\n' });
    expect(comparison.statusCode).toBe(422);
    expect(await credits(t, user)).toBe(1);
    const upload = await uploadFile(t.app, user, { name: 'broken.json', content: '[{"a":1},' }, { analysis: '1' });
    expect(upload.statusCode).toBe(422);
    expect(await credits(t, user)).toBe(1);
  });

  it('concurrent comparisons and analysed uploads on 1 credit: exactly one runs', async () => {
    const user = await freeUserWithCredits('analysis-race', 1);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? compare(user, TEXTS)
          : uploadFile(t.app, user, { name: `r${i}.json`, content: RECORDS }, { analysis: '1' }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(refused.map((response) => response.json())).toEqual(refused.map(() => REFUSED_ANALYSIS));
    expect(await credits(t, user)).toBe(0);
  }, 60_000);

  it('a premium account’s comparison spends no credit', async () => {
    const user = await freeUserWithCredits('premium-compare', 1);
    await t.auth.setPlan(user.email, 'professional');
    expect((await compare(user, TEXTS)).statusCode).toBe(200);
    expect(await credits(t, user)).toBe(1);
  });
});

/** Uploads through POST /api/convert/file with no Content-Length (a chunked body). */
function uploadChunked(user: TestUser, name: string, content: Buffer) {
  const { payload, headers } = multipartBody({ name, content });
  const chunks = Array.from({ length: Math.ceil(payload.length / 65536) }, (_, i) =>
    payload.subarray(i * 65536, (i + 1) * 65536),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/convert/file',
    payload: Readable.from(chunks),
    headers: { ...headers, ...user.auth },
  });
}

describe('an upload that announces no size', () => {
  const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
  big.write('[{"a": 1}]', 0);

  it('past the plan’s limit spends one credit then and goes on; without a credit it is refused with the way to buy', async () => {
    const user = await freeUserWithCredits('chunked-big', 1);
    const paid = await uploadChunked(user, 'big.json', big);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().original_size).toBe(big.length);
    expect(await credits(t, user)).toBe(0);
    const refused = await uploadChunked(user, 'big.json', big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toBe(
      'The file is larger than the Free plan allows (5 MB). Upgrade your plan to convert larger files. You have no conversion credits left: buy credits to get it without upgrading.',
    );
    const small = await uploadChunked(user, 'small.json', Buffer.from(RECORDS));
    expect(small.statusCode).toBe(200);
  }, 60_000);

  it('within the plan’s limit spends none', async () => {
    const user = await freeUserWithCredits('chunked-small', 1);
    expect((await uploadChunked(user, 'small.json', Buffer.from(RECORDS))).statusCode).toBe(200);
    expect(await credits(t, user)).toBe(1);
  });
});
