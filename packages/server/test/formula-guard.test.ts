import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Nothing changes data silently (DESIGN 7.16): the guard is counted, undone on reading back, and comparisons
// use the options the CSV was written with.
let t: TestApp;
let premium: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  premium = await signedInUser(t, 'premium');
  await t.auth.setPlan(premium.email, 'professional');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const ORDERS = [
  { id: 1, phone: '+49 30 1234567', total: -12.5, note: '=SUM(A1)', code: '-abc' },
  { id: 2, phone: '+49 30 7654321', total: 3, note: 'ok', code: '-12.5' },
  { id: 3, phone: '+1 (555) 010-9999', total: 7, note: '@home', code: "'=kept" },
];
const ORDERS_JSON = JSON.stringify(ORDERS);

async function convert(content: string, fields: Record<string, string>, name = 'orders.json') {
  const response = await uploadFile(t.app, premium, { name, content }, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function download(fileId: string): Promise<Buffer> {
  const response = await call(t.app, premium, 'GET', `/api/files/download/${fileId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe('the formula guard through the API', () => {
  it('answers how many cells it guarded with two examples; phone numbers and numbers stay as written', async () => {
    const body = await convert(ORDERS_JSON, { excel_safe: 'true' });
    expect(body.formula_guard).toEqual({
      cells: 4,
      examples: [
        { column: 'note', value: '=SUM(A1)' },
        { column: 'code', value: '-abc' },
      ],
    });
    const csv = (await download(body.file_id)).toString('utf8');
    expect(csv).toContain("1,+49 30 1234567,-12.5,'=SUM(A1),'-abc\n");
    expect(csv).toContain("3,+1 (555) 010-9999,7,'@home,''=kept\n");
    const off = await convert(ORDERS_JSON, { excel_safe: 'false' });
    expect(off.formula_guard).toBeNull();
  });

  it('reads a guarded CSV back to the original records when asked, as a file and as text', async () => {
    const converted = await convert(ORDERS_JSON, { excel_safe: 'true' });
    const csv = (await download(converted.file_id)).toString('utf8');
    const back = await convert(csv, { output_format: 'json', excel_safe: 'true' }, 'orders.csv');
    expect(JSON.parse((await download(back.file_id)).toString('utf8'))).toEqual(ORDERS);
    // Not asked, a CSV's leading ' stays: the file may not be one of ours.
    const kept = await convert(csv, { output_format: 'json' }, 'orders.csv');
    expect(JSON.parse((await download(kept.file_id)).toString('utf8'))[0].note).toBe("'=SUM(A1)");
    const text = await call(t.app, premium, 'POST', '/api/convert/csv-to-json', {
      payload: { csv_content: csv, output_format: 'json', excel_safe: true },
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data).toEqual(ORDERS);
  });

  it('undoes the guard of pasted CSV read in the dialect given by hand', async () => {
    const text = await call(t.app, premium, 'POST', '/api/convert/csv-to-json', {
      payload: {
        csv_content: "exported 2026-11-27\nid;note\n1;'=SUM(A1)\n2;'-abc\n",
        delimiter: ';',
        quote: '"',
        skip_rows: 1,
        excel_safe: true,
      },
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json()).toMatchObject({
      data: [
        { id: 1, note: '=SUM(A1)' },
        { id: 2, note: '-abc' },
      ],
      dialect: { delimiter: ';', quote: '"', skip_rows: 1, given: ['delimiter', 'quote', 'skip_rows'] },
    });
  });

  it('reads a relational ZIP back as it was written, the guard undone without being asked', async () => {
    const nested = [{ id: 1, phone: '+49 30 1', items: [{ sku: '=1' }, { sku: '-abc' }] }];
    const plan = JSON.stringify({ version: 1, paths: [{ path: 'items', strategy: 'table' }] });
    const zip = await convert(JSON.stringify(nested), { excel_safe: 'true', plan });
    expect(zip.output_format).toBe('zip');
    expect(zip.formula_guard).toMatchObject({ cells: 2 });
    const response = await uploadFile(t.app, premium, { name: 'orders.zip', content: await download(zip.file_id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse((await download(response.json().file_id)).toString('utf8'))).toEqual(nested);
  });

  it('compares a stored file with the options it was converted with: 100, the guarded values listed', async () => {
    const converted = await convert(ORDERS_JSON, { excel_safe: 'true' });
    const data = await call(t.app, premium, 'GET', `/api/files/compare-data/${converted.file_id}`);
    expect(data.json().excel_safe).toBe(true);
    const response = await call(t.app, premium, 'POST', '/api/convert/compare-analysis', {
      payload: { file_id: converted.file_id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis, file_quality: quality } = response.json();
    expect(analysis).toMatchObject({
      quality_score: 100,
      trust_score: 100,
      accuracy_score: 100,
      conversion_reliability: 'highly_reliable',
      advice: [],
    });
    expect(analysis.quality_assessment).toMatch(/^Lossless: .* 4 values have the Spreadsheet-safe ' in the CSV/);
    expect(analysis.evidence.guarded_values).toBe(4);
    expect(analysis.evidence.guarded[0]).toEqual({ record: 1, path: 'note', value: '=SUM(A1)' });
    expect(quality).toMatchObject({ conversion_reliability: 'highly_reliable', guarded_values: 4, trust_score: 100 });
  });

  it('compares texts as told, and names the guard as the cause when told the CSV has none', async () => {
    const converted = await convert(ORDERS_JSON, { excel_safe: 'true' });
    const csv = (await download(converted.file_id)).toString('utf8');
    const told = await call(t.app, premium, 'POST', '/api/convert/compare-analysis', {
      payload: { original_json: ORDERS_JSON, csv_data: csv, excel_safe: true },
    });
    expect(told.json().analysis).toMatchObject({ trust_score: 100, conversion_reliability: 'highly_reliable' });
    const untold = await call(t.app, premium, 'POST', '/api/convert/compare-analysis', {
      payload: { original_json: ORDERS_JSON, csv_data: csv },
    });
    const { analysis, file_quality: quality } = untold.json();
    // One verdict on both shapes of the answer.
    expect(analysis.conversion_reliability).toBe(quality.conversion_reliability);
    expect(analysis.advice).toEqual([expect.objectContaining({ cause: 'formula_guard', option: 'excel_safe' })]);
    expect(analysis.recommendations.join(' ')).not.toMatch(/--|csv2json|spreadsheet may have/);
  });

  it('runs the round-trip test with the guard when asked', async () => {
    const response = await call(t.app, premium, 'POST', '/api/convert/round-trip-test?excel_safe=true', {
      payload: ORDERS_JSON,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ excel_safe: true, quality_score: 100 });
    expect(response.json().analysis.evidence.guarded_values).toBe(4);
  });
});
