import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/command.js';
import { call, multipartBody, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { post, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let user: TestUser;
let pro: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await signedInUser(t, 'convert');
  const email = (await signedInUser(t, 'pro')).email;
  await runAdminCommand(['grant', email, 'professional'], t.auth, t.payments);
  const login = await post(t.app, '/api/auth/login', { email, password: 'correct horse' });
  pro = { id: login.json().user.user_id, email, auth: { authorization: `Bearer ${login.json().tokens.access_token}` } };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** How many listed files hold bytes (a failed conversion keeps none). */
function convertedFiles(list: { files: { status: string }[] }): number {
  return list.files.filter((file) => file.status === 'converted').length;
}

const EXACT = '[{"id":12345678901234567890,"price":0.1000000000000000055,"tags":["a","b"],"user":{"name":"Ada"}}]';

describe('POST /api/convert/file', () => {
  it('stores the original and the result and answers {message, status, file_id, ...}', async () => {
    const response = await uploadFile(t.app, user, { name: 'orders.json', content: EXACT });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: 'orders.json converted to CSV',
      status: 'success',
      filename: 'orders.csv',
      original_filename: 'orders.json',
      output_format: 'csv',
      original_size: EXACT.length,
      records: 1,
      columns: 5,
      download_url: `/api/files/download/${body.file_id}`,
    });
    // Free plan: kept one hour.
    expect(new Date(body.expires_at).getTime() - t.clock.now().getTime()).toBe(60 * 60 * 1000);
    const download = await call(t.app, user, 'GET', `/api/files/download/${body.file_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe('attachment; filename=orders.csv');
    expect(download.body).toBe(
      'id,price,tags.0,tags.1,user.name\n12345678901234567890,0.1000000000000000055,a,b,Ada\n',
    );
    const original = await call(t.app, user, 'GET', `/api/files/download/${body.file_id}?variant=original`);
    expect(original.body).toBe(EXACT);
    expect(original.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('says where the records were found and names, with their sizes, the parts of the document left out', async () => {
    const features = '[{"type":"Feature","id":1},{"type":"Feature","id":2}]';
    const content = `{"type":"FeatureCollection","metadata":{"count":2},"features":${features}}`;
    const response = await uploadFile(t.app, user, { name: 'quakes.geojson.json', content });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      records: 2,
      records_path: 'features',
      left_out: {
        // Largest first.
        parts: [
          { path: 'type', bytes: '"FeatureCollection"'.length },
          { path: 'metadata', bytes: '{"count":2}'.length },
        ],
        count: 2,
        bytes: '{"count":2}"FeatureCollection"'.length,
        records_bytes: features.length,
      },
    });
    const plain = await uploadFile(t.app, user, { name: 'plain.json', content: EXACT });
    expect(plain.json()).toMatchObject({ records_path: null, left_out: null, duplicate_keys: null });
    // A key twice in one object: the last value is converted, and the answer says so (its own account: this
    // file's tests use up the Free plan's conversions of `user`).
    const own = await signedInUser(t, 'twice');
    const twice = await uploadFile(t.app, own, { name: 'twice.json', content: '[{"a":1},{"a":2,"u":{"x":1,"x":3}}]' });
    expect(twice.json()).toMatchObject({
      duplicate_keys: { records: 1, record: 2, key: 'u.x' },
      lone_surrogates: null,
    });
    // Half of an emoji cut apart: UTF-8 cannot hold it, so U+FFFD is written and the answer says where.
    const cut = await uploadFile(t.app, own, {
      name: 'cut.json',
      content: String.raw`[{"t":"ok \ud83d"},{"t":"\ud83d\ude00"}]`,
    });
    expect(cut.json()).toMatchObject({
      lone_surrogates: { cells: 1, examples: [{ column: 't', value: String.raw`ok \ud83d` }] },
    });
    expect((await call(t.app, own, 'GET', `/api/files/download/${cut.json().file_id}`)).body).toBe(
      't\nok \ufffd\n\u{1f600}\n',
    );
    // A key holding one names its column with U+FFFD: said too.
    const key = await uploadFile(t.app, own, { name: 'key.json', content: String.raw`[{"k\udc00":1}]` });
    expect(key.json()).toMatchObject({
      lone_surrogates: { cells: 1, examples: [{ column: 'k\ufffd', value: String.raw`k\udc00` }] },
    });
    expect((await call(t.app, own, 'GET', `/api/files/download/${twice.json().file_id}`)).body).toBe(
      'a,u.x\n1,\n2,3\n',
    );
    // Two lists of comparable size: refused with both named, never converted in part.
    const list = (key: string) => `[${Array.from({ length: 20 }, (_, k) => `{"${key}":${k}}`).join(',')}]`;
    const ambiguous = await uploadFile(t.app, user, {
      name: 'two.json',
      content: `{"data":${list('id')},"included":${list('name')}}`,
    });
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json().detail).toContain('Several record sets: data (20 records');
  });

  it('takes options as fields, defaulting from the user settings', async () => {
    const saved = await call(t.app, user, 'PUT', '/api/profile/settings', {
      payload: { delimiter: ';', array_strategy: 'join', include_bom: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const defaults = await uploadFile(t.app, user, { name: 'a.json', content: '[{"a":"=1","t":["x","y"]}]' });
    const first = await call(t.app, user, 'GET', `/api/files/download/${defaults.json().file_id}`);
    expect(first.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // The formula guard is on by default (DESIGN 7.12) and was not changed by the saved subset.
    expect(first.rawPayload.subarray(3).toString()).toBe('a;t\n\'=1;"x; y"\n');
    const overridden = await uploadFile(
      t.app,
      user,
      { name: 'b.json', content: '[{"a":"=1","t":["x","y"]}]' },
      { delimiter: ',', array_strategy: 'index', include_bom: 'false', excel_safe: 'true' },
    );
    const second = await call(t.app, user, 'GET', `/api/files/download/${overridden.json().file_id}`);
    expect(second.body).toBe("a,t.0,t.1\n'=1,x,y\n");
    await call(t.app, user, 'PUT', '/api/profile/settings', {
      payload: { delimiter: ',', array_strategy: 'index', include_bom: false },
    });
  });

  it('converts CSV files to JSON, big numbers intact, and says how many rows and columns it read', async () => {
    const response = await uploadFile(t.app, user, {
      name: 'data.csv',
      content: 'id,user.name\n12345678901234567890,Ada\n2,Grace\n',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ output_format: 'json', filename: 'data.json', records: 2, columns: 2 });
    const download = await call(t.app, user, 'GET', `/api/files/download/${response.json().file_id}`);
    expect(download.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(download.body).toContain('12345678901234567890');
    expect(download.body.replace(/\s/g, '')).toBe(
      '[{"id":12345678901234567890,"user":{"name":"Ada"}},{"id":2,"user":{"name":"Grace"}}]',
    );
  });

  it('reads a CSV file in the dialect given (fields or query), answers how it read it, refuses a wrong one', async () => {
    const content = "exported 2026-11-27\nname; note\nAda; 'x; y'\n";
    const given = await uploadFile(
      t.app,
      pro,
      { name: 'notes.csv', content },
      { delimiter: '; ', quote: "'", skip_rows: '1' },
    );
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      dialect: { delimiter: '; ', quote: "'", skip_rows: 1, header_rows: 1, encoding: 'utf-8' },
      notices: [],
      notices_total: 0,
    });
    expect(given.json().dialect.given).toEqual(['delimiter', 'quote', 'skip_rows']);
    const download = await call(t.app, pro, 'GET', `/api/files/download/${given.json().file_id}`);
    expect(JSON.parse(download.body)).toEqual([{ name: 'Ada', note: 'x; y' }]);
    const metadata = (await call(t.app, pro, 'GET', `/api/files/${given.json().file_id}/metadata`)).json();
    expect(metadata.options).toEqual({
      output_format: 'json',
      delimiter: '; ',
      quote: "'",
      skip_rows: 1,
      excel_safe: false,
    });
    // The same through the query string; what is not given is sniffed and said so.
    const { payload, headers } = multipartBody({ name: 'stacked.csv', content: 'a,b\nx,y\n1,2\n' }, {});
    const queried = await t.app.inject({
      method: 'POST',
      url: '/api/convert/file?header_rows=2',
      payload,
      headers: { ...headers, ...pro.auth },
    });
    expect(queried.statusCode, queried.body).toBe(200);
    expect(queried.json().dialect).toMatchObject({ delimiter: ',', header_rows: 2, given: ['header_rows'] });
    const sniffed = await uploadFile(t.app, pro, { name: 'stray.csv', content: 'name,note\nAda,"x\nBob,y\n' });
    expect(sniffed.json()).toMatchObject({
      dialect: { delimiter: ',', given: [] },
      notices: [{ kind: 'stray-quote', line: 2, column: 5 }],
      notices_total: 1,
    });
    // Refused before anything is stored, with the reader's reason; a dialect applies to CSV input only.
    const before = convertedFiles((await call(t.app, pro, 'GET', '/api/files')).json());
    const wrong = await uploadFile(t.app, pro, { name: 'wrong.csv', content }, { escape: '\\\\' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: expect.stringMatching(/Escape must be one ASCII character/),
    });
    const json = await uploadFile(t.app, pro, { name: 'data.json', content: EXACT }, { quote: "'" });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toBe('quote applies to CSV input only');
    expect(convertedFiles((await call(t.app, pro, 'GET', '/api/files')).json())).toBe(before);
    // JSON input answers no dialect.
    expect((await uploadFile(t.app, pro, { name: 'plain.json', content: EXACT })).json()).not.toHaveProperty('dialect');
  });

  it('keeps formats to the plan: TSV and XLSX on Professional, not on Free', async () => {
    const refused = await uploadFile(t.app, user, { name: 'a.json', content: '[{"a":1}]' }, { output_format: 'xlsx' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FORMAT_NOT_IN_PLAN',
      detail:
        'XLSX output is not included in the Free plan. Upgrade your plan to use it. You have no conversion credits left: buy credits to get it without upgrading.',
    });
    const tsv = await uploadFile(t.app, pro, { name: 'a.json', content: '[{"a":1,"b":2}]' }, { output_format: 'tsv' });
    expect(tsv.statusCode, tsv.body).toBe(200);
    const tsvBytes = await call(t.app, pro, 'GET', `/api/files/download/${tsv.json().file_id}`);
    expect(tsvBytes.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(tsvBytes.body).toBe('a\tb\n1\t2\n');
    const xlsx = await uploadFile(t.app, pro, { name: 'a.json', content: '[{"a":1}]' }, { output_format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const xlsxBytes = await call(t.app, pro, 'GET', `/api/files/download/${xlsx.json().file_id}`);
    expect(xlsxBytes.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsxBytes.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Professional keeps files 7 days at most, whatever auto_delete_days says (30 by default).
    expect(new Date(xlsx.json().expires_at).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('refuses other file types, a missing file and unknown options with clear texts', async () => {
    const text = await uploadFile(t.app, user, { name: 'notes.txt', content: 'hello' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ code: 'UNSUPPORTED_FILE_TYPE', detail: 'Please select a .json, .csv or .zip file' });
    const wrongField = await uploadFile(t.app, user, { name: 'a.json', content: '[]', field: 'upload' });
    expect(wrongField.json().detail).toBe(
      'Please select a file. The form sends a file as "upload"; files go in "file" parts and options in fields (with curl, -F "upload=<path" sends a file\'s text as a field, -F "upload=@path" as a file).',
    );
    const badDelimiter = await uploadFile(t.app, user, { name: 'a.json', content: '[{"a":1}]' }, { delimiter: '""' });
    expect(badDelimiter.statusCode).toBe(400);
    expect(badDelimiter.json().detail).toMatch(/delimiter must be one character/);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/convert/file' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers conversion errors with "File conversion failed" and the position; nothing is stored', async () => {
    const before = await call(t.app, user, 'GET', '/api/files');
    const response = await uploadFile(t.app, user, { name: 'broken.json', content: '[{"a":1},\n{"b":}]' });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('CONVERSION_FAILED');
    expect(response.json().detail).toMatch(/^File conversion failed: .*\(line 2, column \d+/);
    const after = (await call(t.app, user, 'GET', '/api/files')).json();
    expect(after.total_files).toBe(before.json().total_files + 1);
    expect(after.total_size).toBe(before.json().total_size);
    const failed = after.files.find((file: { original_filename: string }) => file.original_filename === 'broken.json');
    expect(failed).toMatchObject({ status: 'failed', size: 0 });
    expect(failed.error).toMatch(/^File conversion failed: .*\(line 2, column \d+/);
    expect(await t.storage.list(`users/${user.id}`)).toHaveLength(convertedFiles(after) * 2);
  });

  it('refuses a file above the plan limit (Free: 5 MB) on the streamed bytes, leaving nothing behind', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    big.write('[]', 0);
    const response = await uploadFile(t.app, user, { name: 'big.json', content: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      detail: 'The file is larger than the Free plan allows (5 MB). Upgrade your plan to convert larger files.',
    });
    const files = (await call(t.app, user, 'GET', '/api/files')).json();
    expect(files.files).toContainEqual(expect.objectContaining({ original_filename: 'big.json', status: 'failed' }));
    expect(await t.storage.list(`users/${user.id}`)).toHaveLength(convertedFiles(files) * 2);
  });
});

describe('POST /api/convert/text and /text/download', () => {
  it('stores pasted JSON text like a file', async () => {
    const response = await call(t.app, user, 'POST', '/api/convert/text?filename=paste.json', {
      payload: '{"records":[{"n":12345678901234567890}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'success', filename: 'paste.csv', records: 1 });
    const csv = await call(t.app, user, 'GET', `/api/files/download/${response.json().file_id}`);
    expect(csv.body).toBe('n\n12345678901234567890\n');
    const empty = await call(t.app, user, 'POST', '/api/convert/text', {
      payload: '',
      headers: { 'content-type': 'text/plain' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('Failed to convert JSON or CSV: Please enter JSON text');
  });

  it('answers a CSV blob named converted.csv, or the error', async () => {
    const response = await call(t.app, user, 'POST', '/api/convert/text/download', {
      payload: '[{"a":{"b":12345678901234567890}}]',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename=converted.csv');
    expect(response.body).toBe('a.b\n12345678901234567890\n');
    const broken = await call(t.app, user, 'POST', '/api/convert/text/download', {
      payload: '[1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail).toMatch(/^Failed to convert file: /);
  });

  it('refuse a form, which they would read as JSON and fail on its boundary line, and keep nothing', async () => {
    const before = (await call(t.app, user, 'GET', '/api/files')).json().files.length as number;
    for (const url of ['/api/convert/text', '/api/convert/text/download']) {
      const response = await call(t.app, user, 'POST', url, multipartBody({ name: 'a.json', content: '[{"a":1}]' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(
        /^This endpoint reads the request body itself, not a form .* POST \/api\/convert\/file\.$/,
      );
    }
    expect((await call(t.app, user, 'GET', '/api/files')).json().files.length).toBe(before);
  });
});

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('POST /api/convert/csv-to-json', () => {
  it('accepts {csv_content, output_format} and {csv_data, original_filename}, answering {data, json_data} exactly', async () => {
    const csv = 'id,price,user.name\n12345678901234567890,0.1000000000000000055,Ada\n';
    for (const payload of [
      { csv_content: csv, output_format: 'json' },
      { csv_data: csv, original_filename: 'orders.json' },
    ]) {
      const response = await call(t.app, user, 'POST', '/api/convert/csv-to-json', { payload });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const records = '[{"id":12345678901234567890,"price":0.1000000000000000055,"user":{"name":"Ada"}}]';
      expect(response.body.replace(/\s/g, '')).toMatch(
        new RegExp(`^\\{"data":${escaped(records)},"json_data":${escaped(records)},`),
      );
      expect(response.json()).toMatchObject({
        dialect: {
          delimiter: ',',
          quote: '"',
          escape: null,
          skip_rows: 0,
          header_rows: 1,
          encoding: 'utf-8',
          given: [],
        },
        notices: [],
        notices_total: 0,
      });
    }
  });

  it('answers errors with their reason (a quote left open is read as a literal now, issue 28)', async () => {
    const missing = await call(t.app, user, 'POST', '/api/convert/csv-to-json', { payload: { output_format: 'json' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Please enter CSV text');
    const both = await call(t.app, user, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_content: 'a\n1\n', csv_data: 'b\n2\n' },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'Send the CSV as csv_content or as csv_data, not both.',
    });
    const broken = await call(t.app, user, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_content: 'a,b\n1,2\n', escape: '\\\\' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/Escape must be one ASCII character/);
  });

  it('reports the dialect it read, what it recovered from by line, and takes each part by hand', async () => {
    // Its own account: the file's other tests use up the Free plan's 10 conversions of `user`.
    const reader = await signedInUser(t, 'dialect');
    const sniffed = await call(t.app, reader, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_content: 'Report,,\n,,\nname,note\nAda,"x, y"\nBob,"z\nCy,"w"\n' },
    });
    expect(sniffed.statusCode, sniffed.body).toBe(200);
    expect(sniffed.json()).toMatchObject({
      data: [
        { name: 'Ada', note: 'x, y' },
        { name: 'Bob', note: '"z' },
        { name: 'Cy', note: 'w' },
      ],
      dialect: { delimiter: ',', skip_rows: 2, given: [] },
      notices: [{ kind: 'stray-quote', line: 5, column: 5 }],
      notices_total: 1,
    });
    const given = await call(t.app, reader, 'POST', '/api/convert/csv-to-json', {
      payload: {
        csv_content: "group||\na|b|c\n'1|2'|2|3\n",
        delimiter: '|',
        quote: "'",
        escape: 'none',
        skip_rows: 1,
        header_rows: 1,
      },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      data: [{ a: '1|2', b: 2, c: 3 }],
      dialect: { delimiter: '|', quote: "'", skip_rows: 1, confidence: 1 },
    });
    expect(given.json().dialect.given).toEqual(['delimiter', 'quote', 'escape', 'skip_rows']);
    const empty = await call(t.app, reader, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_content: 'id,name\n' },
    });
    expect(empty.json()).toMatchObject({ data: [], columns: ['id', 'name'] });
  });
});

describe('plan limits', () => {
  it('stops a Free account after 10 conversions in 24 hours, with Retry-After', async () => {
    const fresh = await signedInUser(t, 'quota');
    for (let i = 0; i < 10; i++) {
      const ok = await call(t.app, fresh, 'POST', '/api/convert/csv-to-json', { payload: { csv_content: 'a\n1\n' } });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const refused = await uploadFile(t.app, fresh, { name: 'a.json', content: '[{"a":1}]' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    expect(refused.json().detail).toMatch(/Free plan includes 10 conversions per 24 hours/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const subscription = await call(t.app, fresh, 'GET', '/api/payments/user-subscription');
    expect(subscription.json()).toMatchObject({ conversions_used: 10, conversions_limit: 10 });
    // The comparison dialog's re-conversion is not a new conversion.
    const compare = await call(t.app, fresh, 'POST', '/api/convert/csv-to-json', { payload: { csv_data: 'a\n1\n' } });
    expect(compare.statusCode).toBe(200);
  });
});
