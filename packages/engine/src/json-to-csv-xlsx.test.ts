import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { byteSpool, collect, encoder, failure } from './json-to-csv.test-support.js';

describe('xlsx', () => {
  it('writes a workbook whose sheet holds the cells', async () => {
    const input = '[{"a":1,"b":"x & <y>","c":12345678901234567890},{"b":"","d":true,"a":null,"c":-0}]';
    const zip = await collect([encoder.encode(input)], { format: 'xlsx' });
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = new TextDecoder().decode(files['xl/worksheets/sheet1.xml']);
    const text = (ref: string, value: string) =>
      `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${value}</t></is></c>`;
    expect(sheet).toContain(
      `<row r="1">${text('A1', 'a')}${text('B1', 'b')}${text('C1', 'c')}${text('D1', 'd')}</row>`,
    );
    expect(sheet).toContain(
      `<row r="2"><c r="A2"><v>1</v></c>${text('B2', 'x &amp; &lt;y&gt;')}${text('C2', '12345678901234567890')}</row>`,
    );
    expect(sheet).toContain(`<row r="3">${text('B3', '')}${text('C3', '-0')}<c r="D3" t="b"><v>1</v></c></row>`);
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });

  it("keeps each array's columns together with groupArrayColumns, each cell under its new reference", async () => {
    const input = '[{"t":[1],"n":"x < y"},{"t":[2,true,"z"],"n":"w"},{"n":"v"}]';
    for (const spool of [undefined, byteSpool]) {
      const zip = await collect([encoder.encode(input)], { format: 'xlsx', groupArrayColumns: true, spool });
      const sheet = new TextDecoder().decode(unzipSync(zip)['xl/worksheets/sheet1.xml']);
      const text = (ref: string, value: string) =>
        `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${value}</t></is></c>`;
      expect(sheet).toContain(
        `<row r="1">${text('A1', 't.0')}${text('B1', 't.1')}${text('C1', 't.2')}${text('D1', 'n')}</row>`,
      );
      expect(sheet).toContain(`<row r="2"><c r="A2"><v>1</v></c>${text('D2', 'x &lt; y')}</row>`);
      expect(sheet).toContain(
        `<row r="3"><c r="A3"><v>2</v></c><c r="B3" t="b"><v>1</v></c>${text('C3', 'z')}${text('D3', 'w')}</row>`,
      );
      expect(sheet).toContain(`<row r="4">${text('D4', 'v')}</row>`);
    }
  });

  it("fails with TOO_MANY_ROWS past Excel's 1,048,576 rows, the header included", async () => {
    // Whole input only: a byte-by-byte run of a million records is too slow for a unit test.
    const rows = (line: string) => collect([encoder.encode(line.repeat(1_048_576))], { format: 'xlsx' });
    await expect(rows('1\n')).rejects.toMatchObject({ code: 'TOO_MANY_ROWS', record: 1_048_576 });
    // Rows without a cell are counted at the end, where the record is not known.
    await expect(rows('{}\n')).rejects.toMatchObject({ code: 'TOO_MANY_ROWS' });
  });

  it("fails with CELL_TOO_LONG at the record of a cell past Excel's 32,767 characters", async () => {
    const long = 'x'.repeat(32_768);
    const error = await failure(`[{"a":"ok"},\n{"a":"ok","b":"${long}"}]`, { format: 'xlsx' });
    expect({ code: error.code, line: error.line, column: error.column, record: error.record }).toEqual({
      code: 'CELL_TOO_LONG',
      line: 2,
      column: 15,
      record: 2,
    });
    // The column is named, by its letter and its header.
    expect(error.message).toBe(
      'The cell in column B ("b") has 32768 characters, more than an Excel cell holds (32767)',
    );
    const joined = await failure(`[{"t":["${long.slice(16_384)}","${long.slice(16_384)}"]}]`, {
      format: 'xlsx',
      arrays: 'join',
    });
    expect({ code: joined.code, record: joined.record }).toEqual({ code: 'CELL_TOO_LONG', record: 1 });
    expect((await failure(`[{"${long}":1}]`, { format: 'xlsx' })).code).toBe('CELL_TOO_LONG');
    const fits = await collect([encoder.encode(`[{"a":"${long.slice(1)}"}]`)], { format: 'xlsx' });
    expect(unzipSync(fits)['xl/worksheets/sheet1.xml']?.length).toBeGreaterThan(32_767);
  });
});
