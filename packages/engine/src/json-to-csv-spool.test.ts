import { describe, expect, it } from 'vitest';
import { jsonToCsv, jsonToCsvText } from './json-to-csv.js';
import { byteSpool, collect, encoder } from './json-to-csv.test-support.js';
import type { Spool } from './spool.js';

describe('padding rows written before a column appeared', () => {
  it('pads exploded, reordered and multi-line rows alike, however the spool cuts them', async () => {
    const input =
      '[{"id":1,"items":[{"n":"a\\nb"},{"n":"c"}]},{"note":"x\\r\\ny","id":2},{"id":3,"items":[{"n":"d","late":true}]}]';
    const expected = 'id,items.n,note,items.late\r\n1,"a\nb",,\r\n1,c,,\r\n2,,"x\r\ny",\r\n3,d,,true\r\n';
    for (const spool of [undefined, byteSpool]) {
      const bytes = await collect([encoder.encode(input)], { arrays: 'explode', eol: 'crlf', spool });
      expect(new TextDecoder().decode(bytes)).toBe(expected);
    }
  });
});

describe('large inputs', () => {
  it('handles 100,000 distinct keys in one object', async () => {
    const keys = Array.from({ length: 100_000 }, (_, k) => `"k${k}":${k}`);
    const out = await jsonToCsvText(`[{${keys.join(',')}},{"k99999":"last","k0":"first"}]`);
    const [header, row1, row2] = out.split('\n');
    expect(header?.split(',').length).toBe(100_000);
    expect(row1?.endsWith(',99999')).toBe(true);
    expect(row2?.startsWith('first,,')).toBe(true);
    expect(row2?.endsWith(',last')).toBe(true);
  });

  it('passes a 100 MB string through to the spool whole', async () => {
    const size = 100 << 20;
    const input = new Uint8Array(size + 20);
    const head = encoder.encode('[{"s":"');
    input.set(head);
    input.fill(0x61, head.length, head.length + size);
    input.set(encoder.encode('","n":1}]'), head.length + size);
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < head.length + size + 9; at += 65_536) {
      chunks.push(input.subarray(at, Math.min(at + 65_536, head.length + size + 9)));
    }
    let written = 0;
    const spool = (): Spool => ({
      write(chunk) {
        written += chunk.length;
      },
      size: 0,
      async *read() {},
      async dispose() {},
    });
    for await (const _ of jsonToCsv(chunks, { spool })) {
      // Only the header comes out of this spool.
    }
    // The row, its line ending and its length (4 bytes, in the spool of row lengths).
    expect(written).toBe(size + 3 + 4);
  });
});
