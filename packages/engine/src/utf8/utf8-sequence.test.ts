import { describe, expect, it } from 'vitest';
import {
  findInvalidUtf8,
  incompleteUtf8Tail,
  utf8CodePoint,
  utf8SequenceLength,
  writeCodePoint,
} from './utf8-sequence.js';

const length = (...bytes: number[]) => utf8SequenceLength(new Uint8Array(bytes), 0, bytes.length);

describe('utf8SequenceLength', () => {
  it('accepts well-formed sequences', () => {
    expect(length(0xc3, 0xa9)).toBe(2);
    expect(length(0xe6, 0x9d, 0xb1)).toBe(3);
    expect(length(0xf0, 0x9f, 0x98, 0x80)).toBe(4);
    expect(length(0xf4, 0x8f, 0xbf, 0xbf)).toBe(4);
  });

  it('rejects overlong forms, surrogates, values past U+10FFFF and stray bytes', () => {
    expect(length(0xc0, 0x80)).toBe(0);
    expect(length(0xe0, 0x80, 0x80)).toBe(0);
    expect(length(0xed, 0xa0, 0x80)).toBe(0);
    expect(length(0xf0, 0x80, 0x80, 0x80)).toBe(0);
    expect(length(0xf4, 0x90, 0x80, 0x80)).toBe(0);
    expect(length(0xf5, 0x80, 0x80, 0x80)).toBe(0);
    expect(length(0x80)).toBe(0);
    expect(length(0xc3, 0x28)).toBe(0);
  });

  it('asks for more bytes only when what is there is still valid', () => {
    expect(length(0xe6, 0x9d)).toBe(-1);
    expect(length(0xf0)).toBe(-1);
    expect(length(0xe6, 0x28)).toBe(0);
  });
});

describe('writeCodePoint', () => {
  it('encodes like TextEncoder and decodes back', () => {
    for (const cp of [0x24, 0xe9, 0x6771, 0xfffd, 0x1f600, 0x10ffff]) {
      const out = new Uint8Array(4);
      const end = writeCodePoint(out, 0, cp);
      expect(out.subarray(0, end)).toEqual(new TextEncoder().encode(String.fromCodePoint(cp)));
      expect(utf8CodePoint(out, 0, end)).toBe(cp);
    }
  });
});

const bytes = (...values: number[]) => new Uint8Array(values);

describe('findInvalidUtf8', () => {
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

  it('agrees with the platform decoder on every two-byte input', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const pair = new Uint8Array(2);
    const disagreements: string[] = [];
    for (let a = 0; a < 256; a++) {
      for (let b = 0; b < 256; b++) {
        pair[0] = a;
        pair[1] = b;
        let valid = true;
        try {
          decoder.decode(pair);
        } catch {
          valid = false;
        }
        if (findInvalidUtf8(pair, 0, 2) < 0 !== valid) disagreements.push(`${a} ${b}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('incompleteUtf8Tail', () => {
  it('measures a sequence cut off at the end of a chunk', () => {
    expect(incompleteUtf8Tail(bytes(0x61, 0xe2, 0x82))).toBe(2);
    expect(incompleteUtf8Tail(bytes(0x61, 0xe2, 0x82, 0xac))).toBe(0);
    expect(incompleteUtf8Tail(bytes(0xf0))).toBe(1);
    expect(incompleteUtf8Tail(bytes(0x61))).toBe(0);
  });
});
