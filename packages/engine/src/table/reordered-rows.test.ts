import { describe, expect, it } from 'vitest';
import { concatBytes } from '../byte-source.js';
import { reorderedRows } from './reordered-rows.js';

const encoder = new TextEncoder();

async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

/** The spooled rows `lines` (each with its line ending) reordered, the rows cut into chunks of `size` bytes. */
async function reorder(lines: string[], order: number[], size: number, delimiter = ','): Promise<string> {
  const rows = lines.map((line) => encoder.encode(line));
  const lengths = new Uint32Array(rows.map((row) => row.length));
  const out: Uint8Array[] = [];
  const options = { order, delimiter: encoder.encode(delimiter), eol: encoder.encode('\r\n') };
  const lengthBytes = new Uint8Array(lengths.buffer);
  for await (const chunk of reorderedRows(chunksOf(concatBytes(rows), size), chunksOf(lengthBytes, 3), options)) {
    out.push(chunk);
  }
  return new TextDecoder().decode(concatBytes(out));
}

describe('reorderedRows', () => {
  const lines = ['a,"x,""y""\r\nz",c\r\n', '"",,\r\n', '1\r\n', '\r\n', '"""",2,"3"\r\n'];
  const expected = 'c,"x,""y""\r\nz",a\r\n,,""\r\n,,1\r\n,,\r\n"3",2,""""\r\n';

  it('moves quoted cells, empty cells and rows written narrower, whatever the chunks', async () => {
    for (const size of [1, 2, 5, 7, 1000]) expect(await reorder(lines, [2, 1, 0], size)).toBe(expected);
  });

  it('finds a delimiter of several bytes, not its first byte alone', async () => {
    // `§` and `©` share their first UTF-8 byte.
    expect(await reorder(['©§b§"§"\r\n'], [2, 0, 1], 1, '§')).toBe('"§"§©§b\r\n');
  });

  it('fails when the row lengths do not match the rows', async () => {
    const rows = encoder.encode('a,b\r\nc,d\r\n');
    const lengths = new Uint8Array(new Uint32Array([5]).buffer);
    const options = { order: [1, 0], delimiter: encoder.encode(','), eol: encoder.encode('\r\n') };
    const drain = async () => {
      for await (const _ of reorderedRows(chunksOf(rows, 4), chunksOf(lengths, 4), options));
    };
    await expect(drain()).rejects.toThrow('do not match');
  });
});
