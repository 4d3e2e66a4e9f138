import { describe, expect, it } from 'vitest';
import { formatBytes, formatMegabytes, formatRoundedMegabytes } from './format-size';

describe('the one size format', () => {
  it('picks the unit that reads best, with one decimal dropped when it is zero', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1023)).toBe('1023 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });

  it('keeps a unit it is given, rounding the same way', () => {
    expect(formatBytes(205, 'KB')).toBe('0.2 KB');
    expect(formatBytes(2048, 'KB')).toBe('2 KB');
    expect(formatMegabytes(0.5)).toBe('512 KB');
  });

  it('reads a megabyte figure the API rounded to 0 as under 0.01 MB', () => {
    expect(formatRoundedMegabytes(0)).toBe('< 0.01 MB');
    expect(formatRoundedMegabytes(2.25)).toBe('2.3 MB');
  });
});
