import { describe, expect, it } from 'vitest';
import { columnLetters, RowBuffer } from '../flatten/row-buffer.js';
import { JsonCursor } from '../json/json-cursor.js';
import { escapeXlsxText, keepsExactly, XlsxCellWriter } from './xlsx-cells.js';
import { XLSX_MAX_CELL_CHARS, XLSX_MAX_ROWS } from './xlsx-limits.js';
import { xlsxOutput } from './xlsx-output.js';

const exact = (text: string) => keepsExactly(new TextEncoder().encode(text), 0, text.length);

describe('keepsExactly', () => {
  it('keeps numbers a spreadsheet stores exactly', () => {
    for (const text of ['0', '1', '-2.5', '123456789012345', '0.000123', '1e300', '1.5E-10'])
      expect(exact(text), text).toBe(true);
  });

  it('turns the others into text', () => {
    for (const text of [
      '1234567890123456',
      '12345678901234567890',
      '0.1000000000000000055',
      '1e400',
      '1e-400',
      '-0',
      '-0.0',
    ]) {
      expect(exact(text), text).toBe(false);
    }
  });
});

describe('xlsx text', () => {
  it('escapes XML and spreadsheet escapes', () => {
    const text = new TextEncoder().encode('a & <b> \r _x0041_ \u0001 \uffff é');
    const out = new Uint8Array(text.length * 7);
    const end = escapeXlsxText(text, out, 0);
    expect(new TextDecoder().decode(out.subarray(0, end))).toBe(
      'a &amp; &lt;b&gt; &#13; _x005F_x0041_ _x0001_ _xFFFF_ é',
    );
  });

  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 701, 702, 16383].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA', 'XFD']);
  });
});

describe('XlsxCellWriter limits', () => {
  const setup = (rowsBefore: number) => {
    const rows = new RowBuffer('xlsx', new TextEncoder().encode(','), new TextEncoder().encode('\n'));
    rows.rows = rowsBefore;
    const cursor = new JsonCursor();
    cursor.record = rowsBefore + 1;
    return { rows, cursor, cells: new XlsxCellWriter(rows, cursor) };
  };
  const one = new TextEncoder().encode('1');

  it('writes the last row a sheet holds, then fails with TOO_MANY_ROWS at the next record', () => {
    // Data row 1,048,575 is sheet row 1,048,576, the last one.
    const { rows, cursor, cells } = setup(XLSX_MAX_ROWS - 2);
    cells.literal(0, one, 0, 1);
    rows.endRow(1);
    cursor.record++;
    expect(() => cells.literal(0, one, 0, 1)).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_ROWS', record: XLSX_MAX_ROWS }),
    );
    expect(() => cells.empty(0)).toThrow(expect.objectContaining({ code: 'TOO_MANY_ROWS' }));
    expect(() => cells.text(0, one)).toThrow(expect.objectContaining({ code: 'TOO_MANY_ROWS' }));
  });

  it('counts the rows of an exploded record', () => {
    const { rows, cells } = setup(XLSX_MAX_ROWS - 4);
    rows.parts = 3;
    rows.owner = 3;
    cells.literal(0, one, 0, 1);
    rows.owner = 4;
    expect(() => cells.literal(0, one, 0, 1)).toThrow(expect.objectContaining({ code: 'TOO_MANY_ROWS' }));
  });

  it('fails with CELL_TOO_LONG at the record of a text cell past 32,767 characters', () => {
    const { cells } = setup(0);
    const long = new TextEncoder().encode('x'.repeat(XLSX_MAX_CELL_CHARS + 1));
    expect(() => cells.text(0, long)).toThrow(expect.objectContaining({ code: 'CELL_TOO_LONG', record: 1 }));
    expect(() => cells.text(0, long.subarray(1))).not.toThrow();
  });
});

describe('xlsxOutput limits', () => {
  async function drain(headers: string[], rows: number): Promise<number> {
    async function* spool(): AsyncGenerator<Uint8Array> {}
    let bytes = 0;
    for await (const chunk of xlsxOutput(spool(), headers, rows)) bytes += chunk.length;
    return bytes;
  }

  it('fails with TOO_MANY_ROWS before writing when the rows and the header do not fit', async () => {
    expect(await drain(['a'], XLSX_MAX_ROWS - 1)).toBeGreaterThan(0);
    await expect(drain(['a'], XLSX_MAX_ROWS)).rejects.toMatchObject({ code: 'TOO_MANY_ROWS' });
  });

  it('fails with CELL_TOO_LONG on a header name past 32,767 characters', async () => {
    await expect(drain(['a', 'x'.repeat(XLSX_MAX_CELL_CHARS + 1)], 0)).rejects.toMatchObject({
      code: 'CELL_TOO_LONG',
      message: 'The header of column B has 32768 characters, more than an Excel cell holds (32767)',
    });
  });
});
