import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { withHeaderRow } from './header-row.js';

/** The bytes as a stream of `size`-byte chunks, as storage hands them over in pieces. */
function chunked(bytes: string, size: number): Readable {
  const buffer = Buffer.from(bytes);
  const chunks: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += size) chunks.push(buffer.subarray(i, i + size));
  return Readable.from(chunks);
}

const CSV = '"a\nb","c,d",e\r\n1,"x\ny",2\n';

describe('a header row written again', () => {
  it.each([1, 2, 7, 1000])(
    'finds the end of a quoted header in chunks of %i bytes and keeps the rest',
    async (size) => {
      const renamed = await withHeaderRow(chunked(CSV, size), ['A', 'C, D', '=e'], { delimiter: ',', excelSafe: true });
      const written = await text(renamed.stream);
      expect(written).toBe(`A,"C, D",'=e\r\n1,"x\ny",2\n`);
      expect(renamed.sizeChange).toBe(Buffer.byteLength(written) - Buffer.byteLength(CSV));
    },
  );

  it('takes a file that is only a header without a line ending, and a delimiter of several bytes', async () => {
    const renamed = await withHeaderRow(chunked('a§b§c', 2), ['A', 'B', 'C'], { delimiter: '§', excelSafe: false });
    expect(await text(renamed.stream)).toBe('A§B§C');
  });

  it('refuses names that do not fit the columns', async () => {
    await expect(withHeaderRow(chunked(CSV, 4), ['A'], { delimiter: ',', excelSafe: false })).rejects.toThrow(
      "The file's header row has 3 columns and the smart column names are 1: they do not fit it.",
    );
  });
});
