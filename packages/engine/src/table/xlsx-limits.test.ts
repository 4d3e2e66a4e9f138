import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { checkCellLength, XLSX_MAX_CELL_CHARS } from './xlsx-limits.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function failure(text: string): ConversionError {
  try {
    checkCellLength(bytes(text), 'A cell', { record: 3 });
  } catch (error) {
    if (error instanceof ConversionError) return error;
    throw error;
  }
  throw new Error('expected a ConversionError');
}

describe('checkCellLength', () => {
  it('takes up to 32,767 characters, however many bytes they need', () => {
    for (const text of ['x'.repeat(XLSX_MAX_CELL_CHARS), 'é'.repeat(XLSX_MAX_CELL_CHARS), '€'.repeat(32_767)])
      expect(() => checkCellLength(bytes(text), 'A cell')).not.toThrow();
    // An emoji is two UTF-16 code units, as Excel counts.
    expect(() => checkCellLength(bytes(`${'😀'.repeat(16_383)}x`), 'A cell')).not.toThrow();
  });

  it('fails with CELL_TOO_LONG one character past the limit, at the position given', () => {
    for (const text of ['x'.repeat(32_768), 'é'.repeat(32_768), '😀'.repeat(16_384)]) {
      const error = failure(text);
      expect(error.code).toBe('CELL_TOO_LONG');
      expect(error.record).toBe(3);
      expect(error.describe()).toBe('A cell has 32768 characters, more than an Excel cell holds (32767) (record 3)');
    }
  });
});
