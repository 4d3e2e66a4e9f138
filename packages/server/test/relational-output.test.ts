import { setTimeout as sleep } from 'node:timers/promises';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { finalJob, startBatch, zipEntries } from './support/batch-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Relational output over HTTP: a plan with `table` paths gives a ZIP of linked CSV tables (or one XLSX
// workbook), stored and downloaded like any result; the ZIP uploaded back gives the nested JSON again.

const ORDERS = [
  {
    id: 1,
    items: [
      { sku: 'a', qty: 1.1, parts: [{ n: 2 }] },
      { sku: 'b', qty: 2, parts: [] },
    ],
    tags: ['x'],
  },
  { id: 2, items: [{ sku: 'c', qty: 3, parts: [{ n: 4 }, { n: 5 }] }], tags: ['y', 'z'] },
];
const ORDERS_JSON = JSON.stringify(ORDERS);
const PLAN = {
  version: 1,
  paths: [
    { path: 'items', strategy: 'table' },
    { path: 'items.[].parts', strategy: 'table' },
    { path: 'tags', strategy: 'join' },
  ],
};
const PLAN_FIELD = JSON.stringify(PLAN);
const ZIP_CAP = 8 * 1024;

let t: TestApp;
let pro: TestUser;
let free: TestUser;
beforeAll(async () => {
  // A job worker runs the asynchronous conversion.
  // ZIPs read back are capped at 8 KB here (256 MB by default), so that the refusal can be seen.
  t = await startTestApp({ env: { WORKERS: '1' }, conversionPool: { maxRelationalZipBytes: ZIP_CAP } });
  pro = await signedInUser(t, 'relational-pro');
  // XLSX and the asynchronous conversion are in this plan.
  await t.auth.setPlan(pro.email, 'professional');
  free = await signedInUser(t, 'relational-free');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function entriesOf(zip: Buffer): Promise<Record<string, string>> {
  return Object.fromEntries((await zipEntries(zip)).map(({ name, bytes }) => [name, bytes.toString('utf8')]));
}

describe('POST /api/convert/plan?relational=true', () => {
  it('proposes a table for every list of objects, nested ones included', async () => {
    const response = await call(t.app, pro, 'POST', '/api/convert/plan?relational=true', {
      payload: ORDERS_JSON,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const strategies = response
      .json()
      .plan.paths.map(({ path, strategy }: { path: string; strategy: string }) => [path, strategy]);
    expect(strategies).toContainEqual(['items', 'table']);
    expect(strategies).toContainEqual(['items.[].parts', 'table']);
    const single = await call(t.app, pro, 'POST', '/api/convert/plan', {
      payload: ORDERS_JSON,
      headers: { 'content-type': 'application/json' },
    });
    expect(single.json().plan.paths).not.toContainEqual(expect.objectContaining({ strategy: 'table' }));
  });
});

describe('JSON to relational output', () => {
  it('stores a ZIP of linked CSV tables with the plan inside, counted in storage and history', async () => {
    const converted = await uploadFile(
      t.app,
      pro,
      { name: 'orders.json', content: ORDERS_JSON },
      { plan: PLAN_FIELD, excel_safe: 'false' },
    );
    expect(converted.statusCode, converted.body).toBe(200);
    const result = converted.json();
    expect(result).toMatchObject({ output_format: 'zip', filename: 'orders.zip', records: 2, columns: 4 });

    const download = await call(t.app, pro, 'GET', result.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('orders.zip');
    expect(download.rawPayload.length).toBe(result.converted_size);
    const entries = await entriesOf(download.rawPayload);
    expect(Object.keys(entries)).toEqual([
      'plan.json',
      'written.json',
      'datapackage.json',
      'schema.sql',
      'main.csv',
      'tables/items.csv',
      'tables/items.parts.csv',
    ]);
    expect(JSON.parse(entries['plan.json'] as string)).toEqual(PLAN);
    expect(entries['main.csv']).toBe('_id,id,items,tags\n1,1,tables/items,x\n2,2,tables/items,"y; z"\n');
    expect(entries['tables/items.csv']).toBe(
      [
        '_id,_parent_id,_index,_parent_key,sku,qty,parts',
        '1,1,0,1,a,1.1,tables/items.parts',
        '2,1,1,1,b,2,[]',
        '3,2,0,2,c,3,tables/items.parts',
        '',
      ].join('\n'),
    );
    // Each part row names the item row it belongs to.
    expect(entries['tables/items.parts.csv']).toBe('_id,_parent_id,_index,n\n1,1,0,2\n2,3,0,4\n3,3,1,5\n');

    const files = (await call(t.app, pro, 'GET', '/api/files')).json();
    expect(files.files).toContainEqual(
      expect.objectContaining({ fileId: result.file_id, filename: 'orders.zip', output_format: 'zip' }),
    );
    const metadata = (await call(t.app, pro, 'GET', `/api/files/${result.file_id}/metadata`)).json();
    expect(metadata.options).toMatchObject({ output_format: 'csv', relational: true, plan: PLAN });
    const history = (await call(t.app, pro, 'GET', '/api/audit/user-activity?action=json_to_csv')).json();
    expect(history.logs.map((log: { details: string }) => log.details)).toContain(
      'Converted orders.json to ZIP (2 records, 4 columns)',
    );
  });

  it('writes one XLSX workbook with a sheet per table when XLSX is asked for', async () => {
    const converted = await uploadFile(
      t.app,
      pro,
      { name: 'orders.json', content: ORDERS_JSON },
      { plan: PLAN_FIELD, output_format: 'xlsx' },
    );
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json()).toMatchObject({ output_format: 'xlsx', filename: 'orders.xlsx' });
    const download = await call(t.app, pro, 'GET', converted.json().download_url);
    expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = await entriesOf(download.rawPayload);
    expect(workbook['xl/workbook.xml']).toMatch(/name="main".*name="items".*name="items\.parts"/s);
    const sheets = Object.keys(workbook).filter((name) => name.startsWith('xl/worksheets/'));
    expect(sheets).toHaveLength(3);
  });

  it('answers a ZIP download for pasted JSON (POST /api/convert/text/download)', async () => {
    const response = await call(
      t.app,
      pro,
      'POST',
      `/api/convert/text/download?${new URLSearchParams({ plan: PLAN_FIELD })}`,
      { payload: ORDERS_JSON, headers: { 'content-type': 'application/json' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('converted.zip');
    expect(Object.keys(await entriesOf(response.rawPayload))).toContain('tables/items.parts.csv');
  });

  it('runs an asynchronous conversion with a table plan into a ZIP', async () => {
    const { payload, headers } = multipartBody({ name: 'orders.json', content: ORDERS_JSON }, { plan: PLAN_FIELD });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/convert/file?async=1',
      payload,
      headers: { ...headers, ...pro.auth },
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    let job = accepted.json();
    while (!['completed', 'failed', 'cancelled'].includes(job.status)) {
      await sleep(200);
      job = (await call(t.app, pro, 'GET', `/api/jobs/${job.job_id}/status`)).json();
    }
    expect(job.status, JSON.stringify(job.errors)).toBe('completed');
    expect(job.files[0]).toMatchObject({ output_format: 'zip', result_file_name: 'orders.zip' });
    const result = await call(t.app, pro, 'GET', job.result_url);
    expect(result.headers['content-type']).toBe('application/zip');
    expect(Object.keys(await entriesOf(result.rawPayload))).toContain('tables/items.csv');
  });
});

describe('a relational ZIP back to JSON', () => {
  it('reads the uploaded ZIP back into the same nested JSON', async () => {
    const converted = (
      await uploadFile(t.app, pro, { name: 'orders.json', content: ORDERS_JSON }, { plan: PLAN_FIELD })
    ).json();
    const zip = (await call(t.app, pro, 'GET', converted.download_url)).rawPayload;
    const back = await uploadFile(t.app, pro, { name: 'orders.zip', content: zip });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ output_format: 'json', filename: 'orders.json' });
    const json = await call(t.app, pro, 'GET', back.json().download_url);
    expect(json.headers['content-type']).toContain('application/json');
    expect(JSON.parse(json.body)).toEqual(ORDERS);
    // The original is kept as the ZIP it was.
    const original = await call(t.app, pro, 'GET', `${back.json().download_url}?variant=original`);
    expect(original.headers['content-type']).toBe('application/zip');
    expect(original.rawPayload.equals(zip)).toBe(true);
  });

  it('refuses a ZIP that is not a relational export, and a .zip that is not a ZIP, saying why', async () => {
    const plain = Buffer.from(zipSync({ 'notes.csv': new TextEncoder().encode('a,b\n1,2\n') }));
    const refused = await uploadFile(t.app, pro, { name: 'notes.zip', content: plain });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      code: 'CONVERSION_FAILED',
      detail: 'File conversion failed: The ZIP holds no plan.json: it is not a relational conversion',
    });
    const text = await uploadFile(t.app, pro, { name: 'fake.zip', content: 'a,b\n1,2\n' });
    expect(text.statusCode).toBe(422);
    expect(text.json().detail).toBe('File conversion failed: Not a ZIP file');
    // Neither left a stored file behind.
    const files = (await call(t.app, pro, 'GET', '/api/files')).json().files;
    const failed = files.filter((file: { original_filename: string }) =>
      ['notes.zip', 'fake.zip'].includes(file.original_filename),
    );
    expect(failed.map((file: { status: string; size: number }) => [file.status, file.size])).toEqual([
      ['failed', 0],
      ['failed', 0],
    ]);
  });
});

describe('a relational ZIP past the read-back limit', () => {
  it('is refused with 413 and the limit, and stores nothing', async () => {
    // Distinct values, so that the ZIP cannot compress below the cap.
    const many = Array.from({ length: 2000 }, (_, k) => ({ id: k, items: [{ sku: `sku-${k * 7919}`, qty: k }] }));
    const converted = (
      await uploadFile(t.app, pro, { name: 'many.json', content: JSON.stringify(many) }, { plan: PLAN_FIELD })
    ).json();
    const zip = (await call(t.app, pro, 'GET', converted.download_url)).rawPayload;
    expect(zip.length).toBeGreaterThan(ZIP_CAP);
    const refused = await uploadFile(t.app, pro, { name: 'many.zip', content: zip });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      detail: 'A ZIP of tables is read back in memory, up to 8 KB; this one is larger.',
    });
    const files = (await call(t.app, pro, 'GET', '/api/files')).json().files;
    const failed = files.find((file: { original_filename: string }) => file.original_filename === 'many.zip');
    expect([failed?.status, failed?.size]).toEqual(['failed', 0]);
  });
});

describe('relational output in a batch', () => {
  it('converts JSON files under a table plan into ZIPs, and reads relational ZIPs back to JSON', async () => {
    const first = (
      await uploadFile(t.app, pro, { name: 'orders.json', content: ORDERS_JSON }, { plan: PLAN_FIELD })
    ).json();
    const zip = (await call(t.app, pro, 'GET', first.download_url)).rawPayload;
    const started = await startBatch(
      t.app,
      pro,
      [
        { name: 'orders.json', content: ORDERS_JSON },
        { name: 'back.zip', content: zip },
      ],
      { plan: PLAN_FIELD },
    );
    expect(started.statusCode, started.body).toBe(200);
    const job = await finalJob(t.app, pro, started.json().job_id);
    expect(job.status, JSON.stringify(job.errors)).toBe('completed');
    const [written, readBack] = job.files;
    expect(written).toMatchObject({ output_format: 'zip', result_file_name: 'orders.zip' });
    expect(readBack).toMatchObject({ output_format: 'json', result_file_name: 'back.json' });
    const writtenZip = await call(t.app, pro, 'GET', written?.download_url as string);
    expect(Object.keys(await entriesOf(writtenZip.rawPayload))).toContain('tables/items.parts.csv');
    const json = await call(t.app, pro, 'GET', readBack?.download_url as string);
    expect(JSON.parse(json.body)).toEqual(ORDERS);
    // The quality analysis reads each ZIP back under the plan inside it.
    const analyzed = await call(t.app, pro, 'POST', `/api/batch/job/${job.job_id}/analyze`, { payload: {} });
    expect(analyzed.statusCode, analyzed.body).toBe(200);
    const scores = analyzed
      .json()
      .results.map((result: { analysis: { quality_score: number } | null; error: string | null }) => [
        result.analysis?.quality_score,
        result.error,
      ]);
    expect(scores).toEqual([
      [100, null],
      [100, null],
    ]);
  });
});

describe('refusals', () => {
  it.each([
    ['relational=false with a table plan', { plan: PLAN_FIELD, relational: 'false' }, /needs relational output/],
    [
      'relational=true without a table path',
      { plan: JSON.stringify({ version: 1, paths: [] }), relational: 'true' },
      /needs a plan with `table` paths/,
    ],
    ['the analysis with relational output', { plan: PLAN_FIELD, analysis: 'true' }, /not relational output/],
  ])('refuses %s with a 400 saying why', async (_what, fields, message) => {
    const response = await uploadFile(t.app, pro, { name: 'orders.json', content: ORDERS_JSON }, fields);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringMatching(message) });
  });

  it('refuses a plan with a ZIP (it holds its own) and relational output from a CSV', async () => {
    const zip = await uploadFile(t.app, pro, { name: 'a.zip', content: 'x' }, { plan: PLAN_FIELD });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().detail).toMatch(/plan inside it/);
    const csv = await uploadFile(t.app, pro, { name: 'a.csv', content: 'a\n1\n' }, { plan: PLAN_FIELD });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().detail).toMatch(/needs relational output/);
  });

  it("holds the plan's limits: XLSX outside the plan, and a file over its size", async () => {
    const xlsx = await uploadFile(
      t.app,
      free,
      { name: 'orders.json', content: ORDERS_JSON },
      { plan: PLAN_FIELD, output_format: 'xlsx' },
    );
    expect(xlsx.statusCode).toBe(403);
    expect(xlsx.json().code).toBe('FORMAT_NOT_IN_PLAN');
    // The free plan takes files up to 5 MB, a relational ZIP included.
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    const tooLarge = await uploadFile(t.app, free, { name: 'big.zip', content: big });
    expect(tooLarge.statusCode).toBe(413);
    const bigJson = await uploadFile(t.app, free, { name: 'big.json', content: big }, { plan: PLAN_FIELD });
    expect(bigJson.statusCode).toBe(413);
  });
});
