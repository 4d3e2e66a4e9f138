import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, professionalUser, signedInUser, type TestUser } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The text endpoints take every option the file endpoint takes, in the query string, the yes-or-no ones
// as `true`/`false` (which the route's schema turns into booleans): the web converter sends
// `include_bom=false&excel_safe=true` on every pasted conversion. Professional (no daily limit) converts;
// the Free account shows what its plan refuses.

let t: TestApp;
let free: TestUser;
let pro: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  free = await signedInUser(t, 'text-options');
  pro = await professionalUser(t, 'text-options-pro');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const RECORDS = '[{"a":"=1","t":["x","y"],"n":{"m":1}}]';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const ENDPOINTS = ['/api/convert/text/download', '/api/convert/text'] as const;

/** Posts pasted JSON to a text endpoint; answers the status and the result's bytes (stored ones fetched back). */
async function convertText(
  user: TestUser,
  endpoint: (typeof ENDPOINTS)[number],
  options: Record<string, string>,
  text = RECORDS,
): Promise<{ status: number; bytes: Buffer; answer: string }> {
  const query = new URLSearchParams(options).toString();
  const response = await call(t.app, user, 'POST', `${endpoint}${query ? `?${query}` : ''}`, {
    payload: text,
    headers: { 'content-type': 'application/json' },
  });
  if (response.statusCode !== 200 || endpoint === '/api/convert/text/download') {
    return { status: response.statusCode, bytes: response.rawPayload, answer: response.body };
  }
  const stored = await call(t.app, user, 'GET', `/api/files/download/${response.json().file_id}`);
  expect(stored.statusCode).toBe(200);
  return { status: 200, bytes: stored.rawPayload, answer: response.body };
}

/** The bytes both text endpoints give for these options (the same on both), after checking each answered 200. */
async function onBoth(user: TestUser, options: Record<string, string>, text = RECORDS): Promise<Buffer> {
  const [download, stored] = await Promise.all(ENDPOINTS.map((endpoint) => convertText(user, endpoint, options, text)));
  if (!download || !stored) throw new Error('no answer');
  expect(download.status, download.answer).toBe(200);
  expect(stored.status, stored.answer).toBe(200);
  expect(stored.bytes.equals(download.bytes)).toBe(true);
  return download.bytes;
}

describe('POST /api/convert/text and /text/download: the options of /api/convert/file', () => {
  it('convert with the settings when no option is sent (formula guard on, no BOM)', async () => {
    expect((await onBoth(pro, {})).toString()).toBe("a,t.0,t.1,n.m\n'=1,x,y,1\n");
  });

  it('take include_bom as true or false, as the web converter sends it', async () => {
    const withBom = await onBoth(pro, { include_bom: 'true', excel_safe: 'true' });
    expect(withBom.subarray(0, 3).equals(BOM)).toBe(true);
    expect(withBom.subarray(3).toString()).toBe("a,t.0,t.1,n.m\n'=1,x,y,1\n");
    expect((await onBoth(pro, { include_bom: 'false', excel_safe: 'true' })).toString()).toBe(
      "a,t.0,t.1,n.m\n'=1,x,y,1\n",
    );
  });

  it('take excel_safe as true or false', async () => {
    expect((await onBoth(pro, { excel_safe: 'false' })).toString()).toBe('a,t.0,t.1,n.m\n=1,x,y,1\n');
    expect((await onBoth(pro, { excel_safe: 'true' })).toString()).toBe("a,t.0,t.1,n.m\n'=1,x,y,1\n");
  });

  it('take the flags also as 1 and 0, and refuse any other value naming the option', async () => {
    expect((await onBoth(pro, { include_bom: '1', excel_safe: '0' })).toString()).toBe(
      '\ufeffa,t.0,t.1,n.m\n=1,x,y,1\n',
    );
    for (const endpoint of ENDPOINTS) {
      for (const name of ['include_bom', 'excel_safe', 'analysis', 'relational', 'group_array_columns']) {
        const refused = await convertText(pro, endpoint, { [name]: 'yes' });
        expect(refused.status, `${endpoint} ${name}`).toBe(400);
        expect(JSON.parse(refused.answer)).toEqual({
          code: 'VALIDATION_FAILED',
          detail: `${name} must be true or false`,
        });
      }
    }
  });

  it('refuse a value outside a choice naming the option and the values it takes', async () => {
    const choices = {
      array_strategy: 'array_strategy must be one of: index, json, join, explode',
      output_format: 'output_format must be one of: csv, tsv, xlsx, json',
      types: 'types must be one of: auto, per-column, per-cell, strings',
    };
    for (const endpoint of ENDPOINTS) {
      for (const [name, detail] of Object.entries(choices)) {
        const refused = await convertText(pro, endpoint, { [name]: 'bogus' });
        expect(refused.status, `${endpoint} ${name}`).toBe(400);
        expect(JSON.parse(refused.answer)).toEqual({ code: 'VALIDATION_FAILED', detail });
      }
    }
  });

  it('take the delimiter and the array strategy', async () => {
    expect((await onBoth(pro, { delimiter: ';' })).toString()).toBe("a;t.0;t.1;n.m\n'=1;x;y;1\n");
    expect((await onBoth(pro, { delimiter: 'tab' })).toString()).toBe("a\tt.0\tt.1\tn.m\n'=1\tx\ty\t1\n");
    expect((await onBoth(pro, { array_strategy: 'join' })).toString()).toBe('a,t,n.m\n\'=1,"x; y",1\n');
    expect((await onBoth(pro, { array_strategy: 'json' })).toString()).toBe('a,t,n.m\n\'=1,"[""x"",""y""]",1\n');
  });

  it('take the output format the plan allows, and refuse one it does not', async () => {
    expect((await onBoth(pro, { output_format: 'tsv' })).toString()).toBe("a\tt.0\tt.1\tn.m\n'=1\tx\ty\t1\n");
    expect((await onBoth(pro, { output_format: 'xlsx' })).subarray(0, 2).toString()).toBe('PK');
    for (const endpoint of ENDPOINTS) {
      const refused = await convertText(free, endpoint, { output_format: 'tsv' });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.answer).code).toBe('FORMAT_NOT_IN_PLAN');
    }
  });

  it('take the records path and a flattening plan', async () => {
    const document = '{"meta":{"count":1},"rows":[{"id":1,"tags":["a","b"]}]}';
    expect((await onBoth(pro, { records: 'rows' }, document)).toString()).toBe('id,tags.0,tags.1\n1,a,b\n');
    const plan = JSON.stringify({ version: 1, paths: [{ path: 'tags', strategy: 'json' }] });
    expect((await onBoth(pro, { records: 'rows', plan }, document)).toString()).toBe('id,tags\n1,"[""a"",""b""]"\n');
  });

  it('take relational as true or false', async () => {
    const orders = '[{"id":1,"items":[{"sku":"a"},{"sku":"b"}]}]';
    const plan = JSON.stringify({ version: 1, paths: [{ path: 'items', strategy: 'table' }] });
    expect((await onBoth(pro, { plan, relational: 'true' }, orders)).subarray(0, 2).toString()).toBe('PK');
    for (const endpoint of ENDPOINTS) {
      const single = await convertText(pro, endpoint, { plan, relational: 'false' }, orders);
      expect(single.status).toBe(400);
      expect(JSON.parse(single.answer).detail).toMatch(/table/);
      const noTables = await convertText(pro, endpoint, { relational: 'true' }, orders);
      expect(noTables.status).toBe(400);
      expect(JSON.parse(noTables.answer).detail).toBe(
        'Relational output needs a plan with `table` paths, or plan=auto',
      );
    }
    expect((await onBoth(pro, { relational: 'false' }, orders)).toString()).toBe('id,items.0.sku,items.1.sku\n1,a,b\n');
  });

  it("take group_array_columns: each array's columns together when true, first-seen order by default", async () => {
    const orders = '[{"items":[{"sku":"a"}],"note":"n"},{"items":[{"sku":"b"},{"sku":"c"}],"note":"m"}]';
    const firstSeen = 'items.0.sku,note,items.1.sku\na,n,\nb,m,c\n';
    const grouped = 'items.0.sku,items.1.sku,note\na,,n\nb,c,m\n';
    expect((await onBoth(pro, {}, orders)).toString()).toBe(firstSeen);
    expect((await onBoth(pro, { group_array_columns: 'false' }, orders)).toString()).toBe(firstSeen);
    expect((await onBoth(pro, { group_array_columns: 'true' }, orders)).toString()).toBe(grouped);
    expect((await onBoth(pro, { group_array_columns: '1', output_format: 'tsv' }, orders)).toString()).toBe(
      grouped.replaceAll(',', '\t'),
    );
    const stored = await convertText(pro, '/api/convert/text', { group_array_columns: 'true' }, orders);
    const metadata = await call(t.app, pro, 'GET', `/api/files/${JSON.parse(stored.answer).file_id}/metadata`);
    expect(metadata.json().options).toMatchObject({ group_array_columns: true });
    // Relational output keeps its tables' columns where the link columns need them.
    const plan = JSON.stringify({ version: 1, paths: [{ path: 'items', strategy: 'table' }] });
    const relational = await onBoth(pro, { plan, group_array_columns: 'true' }, orders);
    expect(relational.subarray(0, 2).toString()).toBe('PK');
  });

  it('take analysis as true or false: asked on Free without credits it is refused, on Professional it runs', async () => {
    for (const endpoint of ENDPOINTS) {
      const asked = await convertText(free, endpoint, { analysis: 'true' });
      expect(asked.status, asked.answer).toBe(403);
      expect(JSON.parse(asked.answer).detail).toMatch(/^AI analysis and conversion quality comparison are premium/);
    }
    const plain = await convertText(free, '/api/convert/text', { analysis: 'false' });
    expect(plain.status, plain.answer).toBe(200);
    expect(JSON.parse(plain.answer)).not.toHaveProperty('ai_analysis');
    const stored = await convertText(pro, '/api/convert/text', { analysis: 'true', excel_safe: 'false' });
    expect(stored.status).toBe(200);
    expect(JSON.parse(stored.answer).ai_analysis).toMatchObject({ records: 1 });
  });
});

describe('POST /api/convert/file: the flags in the query string too', () => {
  it('takes include_bom, excel_safe and group_array_columns as booleans in the query, and multipart fields over them', async () => {
    const viaQuery = await uploadFileWithQuery('include_bom=true&excel_safe=false', {});
    expect(viaQuery.toString()).toBe('\ufeffa,t.0,t.1,n.m\n=1,x,y,1\n');
    const fieldsWin = await uploadFileWithQuery('include_bom=true&excel_safe=false', { include_bom: 'false' });
    expect(fieldsWin.toString()).toBe('a,t.0,t.1,n.m\n=1,x,y,1\n');
    const orders = '[{"t":["x"],"a":1},{"t":["y","z"],"a":2}]';
    const grouped = await uploadFileWithQuery('group_array_columns=false', { group_array_columns: 'true' }, orders);
    expect(grouped.toString()).toBe('t.0,t.1,a\nx,,1\ny,z,2\n');
  });
});

/** Uploads `content` (RECORDS by default) with options in the query and as fields; answers the stored result's bytes. */
async function uploadFileWithQuery(query: string, fields: Record<string, string>, content = RECORDS): Promise<Buffer> {
  const { payload, headers } = multipartBody({ name: 'a.json', content }, fields);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/convert/file?${query}`,
    payload,
    headers: { ...headers, ...pro.auth },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (await call(t.app, pro, 'GET', `/api/files/download/${response.json().file_id}`)).rawPayload;
}
