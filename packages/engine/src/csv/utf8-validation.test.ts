import { describe, expect, it } from 'vitest';
import { findInvalidUtf8, incompleteUtf8Tail } from './utf8-validation.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('UTF-8 validation', () => {
  it('accepts well-formed text of every sequence length', () => {
    const text = new TextEncoder().encode('a é € 𝄞');
    expect(findInvalidUtf8(text, 0, text.length)).toBe(-1);
  });

  it('finds stray continuation bytes, overlong forms, surrogates and truncation', () => {
    expect(findInvalidUtf8(bytes(0x61, 0x80), 0, 2)).toBe(1);
    expect(findInvalidUtf8(bytes(0xc0, 0xaf), 0, 2)).toBe(0);
    expect(findInvalidUtf8(bytes(0xe0, 0x80, 0xaf), 0, 3)).toBe(0);
    expect(findInvalidUtf8(bytes(0xed, 0xa0, 0x80), 0, 3)).toBe(0);
    expect(findInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80), 0, 4)).toBe(0);
    expect(findInvalidUtf8(bytes(0x61, 0xe2, 0x82), 0, 3)).toBe(1);
    expect(findInvalidUtf8(bytes(0xe2, 0x82, 0xac), 0, 2)).toBe(0);
  });

  it('measures a sequence cut off at the end of a chunk', () => {
    expect(incompleteUtf8Tail(bytes(0x61, 0xe2, 0x82))).toBe(2);
    expect(incompleteUtf8Tail(bytes(0x61, 0xe2, 0x82, 0xac))).toBe(0);
    expect(incompleteUtf8Tail(bytes(0xf0))).toBe(1);
    expect(incompleteUtf8Tail(bytes(0x61))).toBe(0);
  });
});
