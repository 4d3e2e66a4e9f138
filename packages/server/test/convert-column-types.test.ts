import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/command.js';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { post, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let pro: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  const email = (await signedInUser(t, 'types')).email;
  await runAdminCommand(['grant', email, 'professional'], t.auth, t.payments);
  const login = await post(t.app, '/api/auth/login', { email, password: 'correct horse' });
  pro = { id: login.json().user.user_id, email, auth: { authorization: `Bearer ${login.json().tokens.access_token}` } };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A foreign export: every cell quoted, so quoting says nothing about types. */
const EXPORT = '"Country Name","Country Code","2020"\n"Aruba","ABW","106766"\n"Chad","TCD",""\n';
const ZIPS = 'zip,n\n35760,1\n03432,2\n';

describe('CSV typing per column', () => {
  it('types an export quoting every cell per column by default, and answers each decision', async () => {
    const response = await call(t.app, pro, 'POST', '/api/convert/csv-to-json', { payload: { csv_content: EXPORT } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      data: [
        { 'Country Name': 'Aruba', 'Country Code': 'ABW', '2020': 106766 },
        { 'Country Name': 'Chad', 'Country Code': 'TCD', '2020': null },
      ],
      column_types: {
        typing: 'per-column',
        reason: 'every-cell-quoted',
        columns: [
          { name: 'Country Name', type: 'string', numbers: 0, booleans: 0, others: 2, empty: 0 },
          { name: 'Country Code', type: 'string', numbers: 0, booleans: 0, others: 2, empty: 0 },
          { name: '2020', type: 'number', numbers: 1, booleans: 0, others: 0, empty: 1 },
        ],
      },
    });
  });

  it('takes the typing asked for, and refuses an unknown one', async () => {
    const perColumn = await call(t.app, pro, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_content: ZIPS, types: 'per-column' },
    });
    expect(perColumn.statusCode, perColumn.body).toBe(200);
    expect(perColumn.json()).toMatchObject({
      data: [
        { zip: '35760', n: 1 },
        { zip: '03432', n: 2 },
      ],
      column_types: { typing: 'per-column', reason: 'given', columns: [{ name: 'zip', numbers: 1, others: 1 }, {}] },
    });
    const perCell = await call(t.app, pro, 'POST', '/api/convert/csv-to-json', { payload: { csv_content: ZIPS } });
    expect(perCell.json()).toMatchObject({
      data: [
        { zip: 35760, n: 1 },
        { zip: '03432', n: 2 },
      ],
      column_types: { typing: 'per-cell', reason: 'default', columns: [] },
    });
    const unknown = await call(t.app, pro, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_content: ZIPS, types: 'guess' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('types an uploaded CSV file as asked, and refuses the option for JSON input', async () => {
    const uploaded = await uploadFile(t.app, pro, { name: 'zips.csv', content: ZIPS }, { types: 'per-column' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().column_types).toMatchObject({ typing: 'per-column', reason: 'given' });
    const metadata = (await call(t.app, pro, 'GET', `/api/files/${uploaded.json().file_id}/metadata`)).json();
    expect(metadata.options).toMatchObject({ output_format: 'json', types: 'per-column' });
    const download = await call(t.app, pro, 'GET', `/api/files/download/${uploaded.json().file_id}`);
    expect(JSON.parse(download.body)).toEqual([
      { zip: '35760', n: 1 },
      { zip: '03432', n: 2 },
    ]);
    const json = await uploadFile(t.app, pro, { name: 'data.json', content: '[{"a":1}]' }, { types: 'per-column' });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toBe('types applies to CSV input only');
  });
});
