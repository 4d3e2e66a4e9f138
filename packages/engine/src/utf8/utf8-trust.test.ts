import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { csvToJson } from '../csv-to-json.js';
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

  it('stops trusting at once when the next chunk is too short to finish a cut character and breaks it', () => {
    // Found by the csvToJson property test: the line break after a cut 4-byte lead completes a record,
    // so the trust must end with that chunk, not only at the end of the input.
    expect(trustAfter([[0x61, 0xf0], [0x0a]])).toBe(false);
    expect(trustAfter([[0x61, 0xf0], [0x9f], [0x22]])).toBe(false);
    expect(
      trustAfter([
        [0x61, 0xf0],
        [0x9f, 0x98],
      ]),
    ).toBe(true);
  });
});

describe('csvToJson with the platform check', () => {
  it('reports a 4-byte lead cut by the last chunk and followed by a line break', async () => {
    // Past the first 64 KiB, which decide the encoding (invalid UTF-8 there means Latin-1).
    const head = new TextEncoder().encode(`a,b\n${'1,é\n'.repeat(14_000)}`);
    const chunks = [Uint8Array.from([...head, 0xf0]), Uint8Array.from([0x0a])];
    await expect(collect(csvToJson(chunks, { delimiter: ',', isUtf8 }))).rejects.toMatchObject({
      code: 'INVALID_UTF8',
    });
  });
});

async function collect(source: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of source) bytes += chunk.length;
  return bytes;
}
