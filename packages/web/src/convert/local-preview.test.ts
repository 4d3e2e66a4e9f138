import { jsonToRelational } from '@unnest/engine';
import { describe, expect, it } from 'vitest';
import { type ConversionChoices, choicesFromSettings } from '../components/conversion-options';
import { localPreview, relationalZipPreview, tableOfJob } from './local-preview';

const ORDERS = '[{"id":1,"items":[{"sku":"a","qty":1.10},{"sku":"b","qty":2}]},{"id":2,"items":[{"sku":"c","qty":3}]}]';
const PLAN = { version: 1 as const, paths: [{ path: 'items', strategy: 'table' as const }] };
// The web app's defaults, with the file options these cases are written for.
const CHOICES: ConversionChoices = {
  ...choicesFromSettings(undefined, 'json-to-csv'),
  outputFormat: 'csv',
  delimiter: ',',
  arrays: 'index',
  bom: false,
  excelSafe: false,
};

describe('the preview of a single table', () => {
  it("puts each array's columns together as the download does, unless Group array columns is cleared", async () => {
    const orders = '[{"items":[{"sku":"a"}],"note":"n"},{"items":[{"sku":"b"},{"sku":"c"}],"note":"m"}]';
    expect(await localPreview(orders, 'json-to-csv', CHOICES)).toEqual({
      kind: 'csv',
      text: 'items.0.sku,items.1.sku,note\na,,n\nb,c,m\n',
    });
    expect(await localPreview(orders, 'json-to-csv', { ...CHOICES, groupArrayColumns: false })).toEqual({
      kind: 'csv',
      text: 'items.0.sku,note,items.1.sku\na,n,\nb,m,c\n',
    });
  });
});

describe('the preview of relational output', () => {
  it('is the main table of the ZIP the server writes', async () => {
    const preview = await localPreview(ORDERS, 'json-to-csv', CHOICES, PLAN);
    expect(preview).toEqual({ kind: 'csv', text: '_id,id,items\n1,1,tables/items\n2,2,tables/items\n' });
  });

  it('reads a relational ZIP back into its JSON, numbers as written', async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of jsonToRelational([new TextEncoder().encode(ORDERS)], { plan: PLAN })) chunks.push(chunk);
    const zip = new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
    const preview = await relationalZipPreview(zip);
    expect(preview.kind).toBe('json');
    expect(preview.text.replace(/\s/g, '')).toBe(ORDERS);
  });
});

describe('a conversion made in the browser reads the options the server reads', () => {
  it('CSV to JSON: the dialect, the JSON layout, the header and the nesting', async () => {
    const csv = "a.b;c\n'=1;2\n";
    const csvChoices = { ...CHOICES, delimiter: ';', excelSafe: true };
    expect(await localPreview(csv, 'csv-to-json', { ...csvChoices, jsonLayout: 'lines' })).toEqual({
      kind: 'json',
      text: '{"a":{"b":"=1"},"c":2}\n',
    });
    const flat = await localPreview(csv, 'csv-to-json', { ...csvChoices, jsonLayout: 'lines', unflatten: false });
    expect(flat.text).toBe('{"a.b":"=1","c":2}\n');
    const rows = await localPreview(csv, 'csv-to-json', { ...csvChoices, jsonLayout: 'lines', header: false });
    expect(rows.text).toBe('["a.b","c"]\n["=1","2"]\n');
    const pretty = await localPreview(csv, 'csv-to-json', { ...csvChoices, jsonLayout: 'pretty' });
    expect(pretty.text).toContain('\n  ');
  });

  it('JSON to CSV: the records path and the byte order mark', async () => {
    const wrapped = '{"meta": {"n": 1}, "data": {"users": [{"id": 1}], "other": [{"x": 2}]}}';
    expect(await localPreview(wrapped, 'json-to-csv', { ...CHOICES, recordsPath: 'data.users', bom: true })).toEqual({
      kind: 'csv',
      text: '\uFEFFid\n1\n',
    });
  });
});

describe('the preview of a CSV file converted on the server', () => {
  const CSV_CHOICES = choicesFromSettings(undefined, 'csv-to-json');
  // "name,price\ncafé “noir”,€5\n" as a spreadsheet on Windows saves it.
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  const WINDOWS_1252 = new Uint8Array([
    ...ascii('name,price\ncaf'),
    0xe9,
    0x20,
    0x93,
    ...ascii('noir'),
    0x94,
    0x2c,
    0x80,
    ...ascii('5\n'),
  ]);

  it('reads the file in the encoding the server detects, not as UTF-8', async () => {
    const table = await tableOfJob({
      kind: 'convert',
      input: new File([WINDOWS_1252], 'menu.csv'),
      mode: 'csv-to-json',
      choices: CSV_CHOICES,
      plan: undefined,
    });
    expect(table.rows).toEqual([['café “noir”', '€5']]);
  });

  it('reads it in the encoding chosen', async () => {
    const table = await tableOfJob({
      kind: 'convert',
      input: new File([WINDOWS_1252], 'menu.csv'),
      mode: 'csv-to-json',
      choices: { ...CSV_CHOICES, encoding: 'latin1' },
      plan: undefined,
    });
    // Latin-1 as it is: 0x93, 0x94 and 0x80 are its (invisible) C1 controls.
    expect(table.rows).toEqual([['café \u0093noir\u0094', '\u00805']]);
  });
});
