import { describe, expect, it } from 'vitest';
import { utf8CodePoint, utf8SequenceLength, writeCodePoint } from './utf8-sequence.js';

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
