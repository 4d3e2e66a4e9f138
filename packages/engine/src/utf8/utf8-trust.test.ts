import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { Utf8Trust } from './utf8-trust.js';

const euro = [0xe2, 0x82, 0xac];
const emoji = [0xf0, 0x9f, 0x98, 0x80];

function trustAfter(chunks: number[][], ended = false): boolean {
  const trust = new Utf8Trust(isUtf8);
  for (const chunk of chunks) trust.accept(Uint8Array.from(chunk));
  if (ended) trust.end();
  return trust.trusted;
}

describe('Utf8Trust', () => {
  it('trusts nothing without a platform check', () => {
    const trust = new Utf8Trust(undefined);
    trust.accept(Uint8Array.from([0x61]));
    expect(trust.trusted).toBe(false);
  });

  it('stays trusted across characters cut by chunk boundaries anywhere', () => {
    const bytes = [0x61, ...euro, ...emoji, 0x62];
    for (let a = 0; a <= bytes.length; a++) {
      for (let b = a; b <= bytes.length; b++) {
        expect(trustAfter([bytes.slice(0, a), bytes.slice(a, b), bytes.slice(b)], true)).toBe(true);
      }
    }
  });

  it('stops trusting at a bad byte, a bad continuation across a boundary, or input ending mid-character', () => {
    expect(trustAfter([[0x61], [0xff]])).toBe(false);
    expect(trustAfter([[0x61, 0xe2, 0x82], [0x41]])).toBe(false);
    expect(trustAfter([[0xf0], [0x9f], [0x98], [0x41]])).toBe(false);
    expect(trustAfter([[0x61, 0xe2, 0x82]])).toBe(true);
    expect(trustAfter([[0x61, 0xe2, 0x82]], true)).toBe(false);
  });
});
