import { describe, expect, it } from 'vitest';
import { isJsonNumber } from './number-literal.js';

const check = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return isJsonNumber(bytes, 0, bytes.length);
};

describe('isJsonNumber', () => {
  it('accepts the RFC 8259 grammar, whatever the magnitude or precision', () => {
    for (const text of [
      '0',
      '-0',
      '7',
      '12345678901234567890',
      '0.1000000000000000055',
      '1e400',
      '-1.5E-3',
      '2e+10',
      '0.0',
    ]) {
      expect(check(text), text).toBe(true);
    }
  });

  it('rejects what JSON does not write as a number', () => {
    for (const text of [
      '',
      '-',
      '007',
      '01',
      '+1',
      ' 12',
      '12 ',
      '1,000',
      '0x1F',
      '.5',
      '5.',
      '1e',
      '1e+',
      'NaN',
      'Infinity',
      '--1',
      '1.2.3',
      '١',
    ]) {
      expect(check(text), text).toBe(false);
    }
  });

  it('checks only the given range', () => {
    const bytes = new TextEncoder().encode('x12y');
    expect(isJsonNumber(bytes, 1, 3)).toBe(true);
  });
});
