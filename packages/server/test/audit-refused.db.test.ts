import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// A conversion refused before it ran (the day's conversions used, a file over the plan, a format the plan
// lacks, unreadable options, empty text) is a failed attempt in the history, so the success rate counts it;
// it read nothing, so the average size leaves it out. The counts are SQL over both databases.

const MB = 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Entry = { action: string; status: string; details: string; fileSize: number | null };

async function history(user: TestUser): Promise<Entry[]> {
  return (await call(t.app, user, 'GET', '/api/audit/logs?page_size=100')).json().logs;
}

const stats = async (user: TestUser) => (await call(t.app, user, 'GET', '/api/profile/stats')).json();

/** A request, then a second passes: the history lists by time, newest first. */
async function thenASecond<Result>(request: Promise<Result>): Promise<Result> {
  const result = await request;
  t.clock.advance(1000);
  return result;
}

const csvText = (user: TestUser, csv: string) =>
  thenASecond(call(t.app, user, 'POST', '/api/convert/csv-to-json', { payload: { csv_content: csv } }));
const upload = (user: TestUser, name: string, content: string | Buffer, fields: Record<string, string> = {}) =>
  thenASecond(uploadFile(t.app, user, { name, content }, fields));

describe('refused conversion attempts', () => {
  it('are in the history as failed attempts, and the success rate counts them', async () => {
    const user = await signedInUser(t, 'refused');
    const converted = await upload(user, 'good.json', JSON.stringify([{ a: 'x'.repeat(MB) }]));
    expect(converted.statusCode, converted.body).toBe(200);

    const xlsx = await upload(user, 'sheet.json', '[{"a":1}]', { output_format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBeGreaterThanOrEqual(400);
    const tooBig = await upload(user, 'big.json', Buffer.alloc(6 * MB, 0x20));
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    const delimiter = await upload(user, 'odd.json', '[{"a":1}]', { delimiter: ';;' });
    expect(delimiter.statusCode, delimiter.body).toBe(400);
    expect((await csvText(user, '  \n')).statusCode).toBe(400);

    const entries = await history(user);
    const refusals = entries.filter((entry) => entry.status === 'error');
    expect(refusals.map((entry) => `${entry.action} ${entry.details.split(':')[0]}`)).toEqual([
      'csv_to_json pasted CSV',
      'json_to_csv odd.json',
      'json_to_csv big.json',
      'json_to_csv sheet.json',
    ]);
    // Each says why, in the words the caller was answered with, and has no size: nothing was read.
    expect(refusals[1]?.details).toBe(`odd.json: ${delimiter.json().detail}`);
    expect(refusals[2]?.details).toBe(`big.json: ${tooBig.json().detail}`);
    expect(refusals.every((entry) => entry.fileSize === null)).toBe(true);

    const figures = await stats(user);
    expect(figures).toMatchObject({ totalConversions: 5, successfulConversions: 1, successRate: 20 });
    // The one conversion that read its input is the whole average.
    expect(entries.find((entry) => entry.action === 'json_to_csv' && entry.status === 'success')?.fileSize).toBeCloseTo(
      1,
      2,
    );
    expect(figures.averageFileSize).toBeCloseTo(1, 2);
  });

  it('include a conversion past the day’s limit; the comparison’s own re-reading is not an attempt', async () => {
    const user = await signedInUser(t, 'refused-quota');
    for (let i = 0; i < 10; i += 1) expect((await csvText(user, `a\n${i}\n`)).statusCode).toBe(200);
    const over = await csvText(user, 'a\n11\n');
    expect(over.statusCode, over.body).toBe(429);
    // The comparison dialog reads a stored file back (csv_data): not counted, refused or not.
    const comparison = await call(t.app, user, 'POST', '/api/convert/csv-to-json', { payload: { csv_data: ' ' } });
    expect(comparison.statusCode).toBe(400);

    const [latest, ...rest] = (await history(user)).filter((entry) => entry.action === 'csv_to_json');
    expect(latest).toMatchObject({
      action: 'csv_to_json',
      status: 'error',
      details: `pasted CSV: ${over.json().detail}`,
    });
    expect(rest).toHaveLength(10);
    expect(await stats(user)).toMatchObject({ totalConversions: 11, successfulConversions: 10, successRate: 90.9 });
  });
});
