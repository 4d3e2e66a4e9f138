import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let free: TestUser;
let premium: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  free = await signedInUser(t, 'smart-free');
  premium = await signedInUser(t, 'smart-premium');
  await t.auth.setPlan(premium.email, 'professional');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// A key a spreadsheet would run (`=sum`), a nested path and text needing quotes in the data rows.
const PEOPLE = JSON.stringify([
  { name: 'Ada, Countess', user: { addr: { zip: '10115' } }, '=sum': 1 },
  { name: 'Grace "Amazing"', user: { addr: { zip: '20095' } }, '=sum': 2 },
]);

async function converted(user: TestUser, fields: Record<string, string>) {
  const response = await uploadFile(t.app, user, { name: 'people.json', content: PEOPLE }, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function download(user: TestUser, fileId: string, query = '') {
  return call(t.app, user, 'GET', `/api/files/download/${fileId}${query}`);
}

describe('the download with the smart column names as its header (header=smart)', () => {
  it('writes the names of the analysis in the header row and keeps every data row byte for byte', async () => {
    const result = await converted(premium, { include_bom: 'true', excel_safe: 'true' });
    const names = result.smart_headers.map((header: { name: string }) => header.name);
    const plain = await download(premium, result.file_id);
    const smart = await download(premium, result.file_id, '?header=smart');
    expect(smart.statusCode, smart.body).toBe(200);
    const [plainHeader, ...rows] = plain.rawPayload.toString('utf8').split('\n');
    const [smartHeader, ...smartRows] = smart.rawPayload.toString('utf8').split('\n');
    expect(plainHeader).toBe("\ufeffname,user.addr.zip,'=sum");
    expect(names).toEqual(['Name', 'User Address ZIP', '=sum']);
    // The byte order mark stays, and a name a spreadsheet would run is guarded as the paths were.
    expect(smartHeader).toBe("\ufeffName,User Address ZIP,'=sum");
    expect(Buffer.from(smartRows.join('\n'))).toEqual(Buffer.from(rows.join('\n')));
    expect(Number(smart.headers['content-length'])).toBe(smart.rawPayload.length);
    const metadata = (await call(t.app, premium, 'GET', `/api/files/${result.file_id}/metadata`)).json();
    expect(metadata.options.smart_headers).toEqual(names);
  });

  it('writes them into a TSV with tabs', async () => {
    const result = await converted(premium, { output_format: 'tsv', excel_safe: 'false' });
    const smart = await download(premium, result.file_id, '?header=smart');
    expect(smart.statusCode, smart.body).toBe(200);
    expect(smart.body.split('\n')[0]).toBe('Name\tUser Address ZIP\t=sum');
  });

  it('refuses a file converted without the analysis, the upload, and a value it does not know', async () => {
    const plain = await converted(free, {});
    const refused = await download(free, plain.file_id, '?header=smart');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      'header=smart is not available for this file: it was converted without the analysis that names the columns.',
    );
    const premiumFile = await converted(premium, {});
    const original = await download(premium, premiumFile.file_id, '?variant=original&header=smart');
    expect(original.json().detail).toMatch(/the upload is downloaded as it was/);
    expect((await download(premium, premiumFile.file_id, '?header=paths')).statusCode).toBe(400);
  });
});
