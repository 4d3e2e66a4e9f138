import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatBytes, type Notice } from '../byte-source.js';
import { csvToJson } from '../csv-to-json.js';
import type { CsvToJsonOptions } from '../options.js';

// The flat-record shortcut against the general path, by property runs with many cases (about a minute):
// the slow tier (`npm run test:slow`). The writer's own cases are in flat-record-writer.test.ts.

const encoder = new TextEncoder();

/** Text and notices of a conversion, from the input fed in the given chunks. */
async function convert(chunks: Uint8Array[], options: CsvToJsonOptions): Promise<string> {
  const notices: Notice[] = [];
  const out: Uint8Array[] = [];
  try {
    for await (const chunk of csvToJson(chunks, { ...options, onNotice: (notice) => notices.push(notice) })) {
      out.push(chunk);
    }
  } catch (error) {
    return `error ${JSON.stringify(error)} ${String(error)}`;
  }
  return `${new TextDecoder().decode(concatBytes(out))} ${JSON.stringify(notices)}`;
}

const cell = fc.oneof(
  fc.constantFrom('', '0', '-1.5e-3', '007', '1e5x', '-', 'true', 'false', 'tru', '[1,2]', '{"a":1}', "'=1+2"),
  fc.constantFrom('""', '"a,b"', '"say ""hi"""', '"x\ny"', '"a\r\nb"', '"a"b', '"é😀"', 'a"b', 'a\\b', 'a\tb', '"[1]"'),
  fc.string({ unit: fc.constantFrom('a', '1', '.', 'é', '😀', ' ', '\\', '\t', '\u0001'), maxLength: 12 }),
);
const row = fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(','));
const csv = fc
  .tuple(fc.array(row, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
  .map(([rows, eol, last]) => `a,b,c${eol}${rows.join(eol)}${last ? eol : ''}`);

/** Cuts bytes into chunks at the given fractions of their length. */
function cutAt(bytes: Uint8Array, fractions: number[]): Uint8Array[] {
  const cuts = [...new Set(fractions.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > from) chunks.push(bytes.subarray(from, cut));
    from = Math.max(from, cut);
  }
  return chunks;
}

describe('csvToJson with the shortcut', () => {
  it('gives the same output and the same errors with the platform UTF-8 check, however the input is cut', async () => {
    const valid = encoder.encode(`a,b\n${'1,é\n'.repeat(14_000)}`);
    const bytes = fc.array(
      fc.oneof(
        fc.constantFrom(...encoder.encode('a1,"\n')),
        fc.constantFrom(...encoder.encode('é€😀')),
        fc.constantFrom(0x80, 0xc3, 0xe2, 0xf0, 0xff),
      ),
      { maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        bytes,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
        async (b, cuts) => {
          // Past the first 64 KiB, which decide the encoding (invalid UTF-8 there means Latin-1).
          const input = concatBytes([valid, Uint8Array.from(b)]);
          const chunks = cutAt(input, cuts);
          expect(await convert(chunks, { delimiter: ',', isUtf8 })).toBe(await convert(chunks, { delimiter: ',' }));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('writes what the general path writes (fed one byte at a time, no record reaches the shortcut)', async () => {
    await fc.assert(
      fc.asyncProperty(
        csv,
        fc.record({ types: fc.boolean(), excelSafe: fc.boolean(), pretty: fc.boolean(), ndjson: fc.boolean() }),
        async (text, options) => {
          const bytes = encoder.encode(text);
          const single = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
          expect(await convert([bytes], options)).toBe(await convert(single, options));
        },
      ),
      { numRuns: 500 },
    );
  });
});
