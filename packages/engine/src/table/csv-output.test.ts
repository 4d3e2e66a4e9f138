import { describe, expect, it } from 'vitest';
import { csvOutput, encodeHeaderCell } from './csv-output.js';

/** Renders rows spooled in the given chunks; the row lengths are spooled one byte per chunk (any cut must do). */
async function render(chunks: string[], widthLog: number[], headers: string[], eol = '\n'): Promise<string> {
  async function* spool() {
    for (const chunk of chunks) yield new TextEncoder().encode(chunk);
  }
  const text = chunks.join('');
  const lengths: number[] = [];
  for (let start = 0; start < text.length; ) {
    // Test rows hold no line ending inside quotes but `"a\nb"`-style cells, which end at `"` + eol.
    let end = text.indexOf(eol, start);
    while ((text.slice(start, end).split('"').length - 1) % 2 === 1) end = text.indexOf(eol, end + 1);
    lengths.push(end + eol.length - start);
    start = end + eol.length;
  }
  async function* lengthSpool() {
    for (const byte of new Uint8Array(Uint32Array.from(lengths).buffer)) yield Uint8Array.of(byte);
  }
  let out = '';
  for await (const piece of csvOutput(spool(), lengthSpool(), { headers, widthLog, delimiter: ',', eol, bom: false })) {
    out += new TextDecoder().decode(piece);
  }
  return out;
}

describe('csvOutput', () => {
  it('pads narrow rows before their line ending, skipping quoted line breaks', async () => {
    const rows = 'x\n"a\nb"\n"q""\n"\n1,2,3\n';
    // Rows 0-2 are one cell wide, then the width became 3 at offset 15.
    expect(await render([rows], [0, 1, 15, 3], ['a', 'b', 'c'])).toBe('a,b,c\nx,,\n"a\nb",,\n"q""\n",,\n1,2,3\n');
  });

  it('gives the same result whatever the spool chunking', async () => {
    const rows = '"a\r\nb",\r\n,"c\r"\r\n1,2,3\r\n';
    const expected = await render([rows], [0, 2, 16, 3], ['a', 'b', 'c'], '\r\n');
    expect(expected).toBe('a,b,c\r\n"a\r\nb",,\r\n,"c\r",\r\n1,2,3\r\n');
    for (let size = 1; size < 6; size++) {
      const chunks: string[] = [];
      for (let at = 0; at < rows.length; at += size) chunks.push(rows.slice(at, at + size));
      expect(await render(chunks, [0, 2, 16, 3], ['a', 'b', 'c'], '\r\n')).toBe(expected);
    }
  });

  it('widens rows that were written with no column at all', async () => {
    expect(await render(['\n1,2\n'], [0, 0, 1, 2], ['a', 'b'])).toBe('a,b\n,\n1,2\n');
  });

  it('writes nothing when there is no column', async () => {
    expect(await render(['\n'], [0, 0], [])).toBe('');
  });
});

describe('encodeHeaderCell', () => {
  it('quotes only what needs it', () => {
    expect(encodeHeaderCell('a.b', ',')).toBe('a.b');
    expect(encodeHeaderCell('a,b', ',')).toBe('"a,b"');
    expect(encodeHeaderCell('say "x"', ',')).toBe('"say ""x"""');
    expect(encodeHeaderCell('', ',')).toBe('""');
    expect(encodeHeaderCell('a|b', ',')).toBe('"a|b"');
    expect(encodeHeaderCell('a;b', '\t')).toBe('"a;b"');
  });
});
