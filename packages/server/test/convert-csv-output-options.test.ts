import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await signedInUser(t, 'csv-output');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const CSV = 'id,user.name\n1,Ada\n2,Bo\n';

/** POST /api/convert/csv-to-json with the CSV above and `options`; the answer's text. */
async function pasted(options: Record<string, unknown>) {
  const response = await call(t.app, user, 'POST', '/api/convert/csv-to-json', {
    payload: { csv_content: CSV, ...options },
  });
  return response;
}

describe("csv2json's output options over the API (the CLI's flags)", () => {
  it('writes JSON Lines as one string, indented JSON as written, and dotted headers kept flat', async () => {
    const lines = await pasted({ ndjson: true });
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json().data).toBe('{"id":1,"user":{"name":"Ada"}}\n{"id":2,"user":{"name":"Bo"}}\n');
    const pretty = await pasted({ pretty: true, unflatten: false });
    expect(pretty.body).toContain('{"data":[\n  {\n    "id": 1,\n    "user.name": "Ada"\n  },');
    expect(pretty.json().data).toEqual([
      { id: 1, 'user.name': 'Ada' },
      { id: 2, 'user.name': 'Bo' },
    ]);
  });

  it('splits headers at the separator given, and reads a file without a header as rows of text', async () => {
    const slash = await call(t.app, user, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_content: 'a/b,c\n1,2\n', separator: '/' },
    });
    expect(slash.json().data).toEqual([{ a: { b: 1 }, c: 2 }]);
    const rows = await pasted({ header: false });
    expect(rows.json().data).toEqual([
      ['id', 'user.name'],
      ['1', 'Ada'],
      ['2', 'Bo'],
    ]);
  });

  it('refuses a separator the engine cannot split by', async () => {
    const refused = await pasted({ separator: '\\' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/backslash/);
  });

  it('stores an uploaded CSV as JSON Lines named .jsonl, with the options in its metadata', async () => {
    const latin1 = Buffer.concat([Buffer.from('id,name\n1,'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const uploaded = await uploadFile(
      t.app,
      user,
      { name: 'people.csv', content: latin1 },
      { ndjson: 'true', encoding: 'latin1', unflatten: 'false' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().filename).toBe('people.jsonl');
    const id = uploaded.json().file_id;
    const download = await call(t.app, user, 'GET', `/api/files/download/${id}`);
    expect(download.body).toBe('{"id":1,"name":"é"}\n');
    const metadata = (await call(t.app, user, 'GET', `/api/files/${id}/metadata`)).json();
    expect(metadata.options).toMatchObject({ ndjson: true, encoding: 'latin1', unflatten: false });
  });

  it('refuses the CSV output options for JSON input', async () => {
    const refused = await uploadFile(t.app, user, { name: 'a.json', content: '[{"a":1}]' }, { pretty: 'true' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('pretty applies to CSV input only');
  });
});
