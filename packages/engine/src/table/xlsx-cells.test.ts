import { describe, expect, it } from 'vitest';
import { columnLetters } from './row-buffer.js';
import { escapeXlsxText, keepsExactly } from './xlsx-cells.js';

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
