import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { InputDecoder } from './input-encoding.js';

function decode(chunks: number[][]): { text: string; encoding: string | null } {
  const decoder = new InputDecoder();
  const out: Uint8Array[] = [];
  for (const chunk of chunks) out.push(...decoder.push(new Uint8Array(chunk)));
  out.push(...decoder.end());
  return {
    text: out.map((c) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(c)).join(''),
    encoding: decoder.encoding,
  };
}

describe('InputDecoder', () => {
  it('passes UTF-8 through and drops its BOM, even split across chunks', () => {
    expect(decode([[0xef], [0xbb], [0xbf, 0x31]])).toEqual({ text: '1', encoding: 'utf-8' });
    expect(decode([[0x34, 0x32]])).toEqual({ text: '42', encoding: 'utf-8' });
    expect(decode([[0xef, 0xbb, 0x7b, 0x7d]]).text).toBe('\ufffd{}');
  });

  it('transcodes UTF-16LE and BE, pairs split at any byte', () => {
    const le = [0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x41, 0x00];
    expect(decode(le.map((b) => [b]))).toEqual({ text: '😀A', encoding: 'utf-16le' });
    const be = [0xfe, 0xff, 0xd8, 0x3d, 0xde, 0x00, 0x00, 0x41];
    expect(decode([be.slice(0, 3), be.slice(3)])).toEqual({ text: '😀A', encoding: 'utf-16be' });
  });

  it('rejects unpaired surrogates and an odd byte count', () => {
    expect(() => decode([[0xff, 0xfe, 0x00, 0xdc]])).toThrow(ConversionError);
    expect(() => decode([[0xff, 0xfe, 0x41]])).toThrow(/UTF-16LE/);
  });
});
