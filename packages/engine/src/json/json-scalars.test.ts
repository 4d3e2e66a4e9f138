import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { INCOMPLETE, JsonCursor } from './json-cursor.js';
import { isJsonNumber, matchLiteral, scanNumber } from './json-scalars.js';

const bytes = (text: string) => {
  const encoded = new TextEncoder().encode(text);
  const buf = new Uint8Array(encoded.length + 1);
  buf.set(encoded);
  return buf;
};

function scan(text: string, final: boolean): number {
  const cursor = new JsonCursor();
  cursor.final = final;
  return scanNumber(bytes(text), 0, text.length, cursor);
}

describe('isJsonNumber', () => {
  it('accepts exactly the RFC 8259 number grammar', () => {
    for (const text of ['0', '-0', '12', '1.5', '1e5', '1E+5', '-0.0e-0', '12345678901234567890']) {
      expect(isJsonNumber(bytes(text), 0, text.length), text).toBe(true);
    }
    for (const text of ['007', '+1', '.5', '1.', '1e', '-', '0x1F', '1,000', ' 12', 'NaN', '', '1.5.']) {
      expect(isJsonNumber(bytes(text), 0, text.length), text).toBe(false);
    }
  });
});

describe('scanNumber', () => {
  it('returns the end of the number', () => {
    expect(scan('-12.5e3,', false)).toBe(7);
    expect(scan('0]', false)).toBe(1);
  });

  it('waits for more bytes at the end of the buffer unless the input is final', () => {
    expect(scan('123', false)).toBe(INCOMPLETE);
    expect(scan('123', true)).toBe(3);
    expect(scan('1.', false)).toBe(INCOMPLETE);
    expect(() => scan('1.', true)).toThrow(ConversionError);
  });

  it('rejects malformed numbers', () => {
    expect(() => scan('-a', false)).toThrow(/expected a digit/);
    expect(() => scan('1.x', false)).toThrow(/after the decimal point/);
    expect(() => scan('1e+]', false)).toThrow(/exponent/);
  });
});

describe('matchLiteral', () => {
  it('matches true, false and null, or waits, or fails', () => {
    const cursor = new JsonCursor();
    expect(matchLiteral(bytes('false,'), 0, 6, cursor)).toBe(5);
    expect(matchLiteral(bytes('nu'), 0, 2, cursor)).toBe(INCOMPLETE);
    expect(() => matchLiteral(bytes('nul!'), 0, 4, cursor)).toThrow(/Unexpected '!'/);
  });
});
