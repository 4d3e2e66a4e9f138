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

  it('never writes a figure of 1,024 or more in a unit: 4,918.4 KB is 4.8 MB', () => {
    expect(formatBytes(4918.4 * 1024)).toBe('4.8 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1024 ** 2 * 1023.99)).toBe('1 GB');
  });

  it('writes megabyte figures (plan limits, stats) the same way', () => {
    expect(formatMegabytes(0.5)).toBe('512 KB');
    expect(formatMegabytes(100)).toBe('100 MB');
    expect(formatMegabytes(1024)).toBe('1 GB');
  });

  it('reads a megabyte figure the API rounded to 0 as under 0.01 MB', () => {
    expect(formatRoundedMegabytes(0)).toBe('< 0.01 MB');
    expect(formatRoundedMegabytes(2.25)).toBe('2.3 MB');
  });
});
