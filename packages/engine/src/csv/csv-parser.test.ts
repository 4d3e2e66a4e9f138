import { describe, expect, it } from 'vitest';
import { cellBytes } from './cell-bytes.js';
import { CELL_DOUBLED, CELL_ESCAPE, CELL_HIGH, CELL_QUOTED, CELL_TRAILING } from './cell-flags.js';
import { CsvParser } from './csv-parser.js';
import { chunkings } from './test-chunks.js';

const decoder = new TextDecoder();

interface Row {
  line: number;
  cells: string[];
  flags: number[];
}

function parse(chunks: Uint8Array[], delimiter = ',', maxFieldBytes = 1 << 20): Row[] {
  const rows: Row[] = [];
  const parser: CsvParser = new CsvParser(delimiter.charCodeAt(0), maxFieldBytes, (data, count) => {
    const cells: string[] = [];
    const flags: number[] = [];
    for (let c = 0; c < count; c++) {
      const f = parser.flags[c] ?? 0;
      cells.push(new TextDecoder().decode(cellBytes(data, parser.starts[c] ?? 0, parser.ends[c] ?? 0, f)));
      flags.push(f);
    }
    rows.push({ line: parser.rowLine, cells, flags });
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return rows;
}

/** Parses the text fed every way and checks that every way agrees. */
function parseEveryWay(text: string, delimiter = ','): Row[] {
  const bytes = new TextEncoder().encode(text);
  const results = chunkings(bytes).map(({ chunks }) => parse(chunks, delimiter));
  for (const result of results) expect(result).toEqual(results[0]);
  return results[0] ?? [];
}

const cells = (text: string, delimiter = ','): string[][] => parseEveryWay(text, delimiter).map((row) => row.cells);

describe('CsvParser', () => {
  it('splits records on LF, CRLF and lone CR, mixed in one input', () => {
    expect(cells('a,b\n1,2\r\n3,4\r5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('does not add a record for the final line break, but reads a last record without one', () => {
    expect(cells('a\n1\n')).toEqual([['a'], ['1']]);
    expect(cells('a\r\n1')).toEqual([['a'], ['1']]);
    expect(cells('')).toEqual([]);
  });

  it('reads a blank line as a record with one empty cell', () => {
    expect(cells('a\n\n\nb\n')).toEqual([['a'], [''], [''], ['b']]);
  });

  it('reads quoted cells with doubled quotes, delimiters and line breaks', () => {
    expect(cells('"a ""b"", c","x\r\ny\nz"\n')).toEqual([['a "b", c', 'x\r\ny\nz']]);
  });

  it('keeps quotes inside unquoted cells and text after a closing quote literally', () => {
    expect(cells('a "b" c,"x" y,"q"""\n')).toEqual([['a "b" c', 'x y', 'q"']]);
  });

  it('opens an empty cell after a trailing delimiter', () => {
    expect(cells('a,\n,\n"",""')).toEqual([
      ['a', ''],
      ['', ''],
      ['', ''],
    ]);
  });

  it('flags what each cell needs', () => {
    const [row] = parseEveryWay('plain,"quoted","d""q","x"y,a\\b,é\n');
    expect(row?.flags).toEqual([
      0,
      CELL_QUOTED,
      CELL_QUOTED | CELL_DOUBLED,
      CELL_QUOTED | CELL_TRAILING | CELL_ESCAPE,
      CELL_ESCAPE,
      CELL_HIGH,
    ]);
  });

  it('uses the given delimiter only', () => {
    expect(cells('a;b,c\t|d\n', ';')).toEqual([['a', 'b,c\t|d']]);
    expect(cells('a\tb;c\n', '\t')).toEqual([['a', 'b;c']]);
    expect(cells('a|"b|c"\n', '|')).toEqual([['a', 'b|c']]);
  });

  it('reports the line each record starts on, counting line breaks inside quotes', () => {
    const rows = parseEveryWay('h\r\n"a\r\nb"\n"c\rd\ne"\nf\n');
    expect(rows.map((row) => row.line)).toEqual([1, 2, 4, 7]);
  });

  it('reads a quote never closed as a literal, reporting where it opened', () => {
    for (const { chunks } of chunkings(new TextEncoder().encode('a,b\n1,2\n3,"x\ny\n'))) {
      const rows: string[][] = [];
      const stray: unknown[] = [];
      const parser: CsvParser = new CsvParser(0x2c, 1 << 20, (data, count) => {
        rows.push(
          Array.from({ length: count }, (_, c) => decoder.decode(data.subarray(parser.starts[c], parser.ends[c]))),
        );
      });
      parser.onStrayQuote = (position) => stray.push(position);
      for (const chunk of chunks) parser.push(chunk);
      parser.end();
      expect(rows).toEqual([['a', 'b'], ['1', '2'], ['3', '"x'], ['y']]);
      expect(stray).toEqual([{ line: 3, column: 3, record: 3 }]);
    }
  });

  it('fails once a field passes the size limit, without waiting for the end', () => {
    const parser = new CsvParser(0x2c, 100, () => {});
    parser.push(new TextEncoder().encode('a\n"'));
    const block = new Uint8Array(40).fill(0x61);
    parser.push(block);
    parser.push(block);
    expect(() => parser.push(block)).toThrow(
      expect.objectContaining({ code: 'CSV_FIELD_TOO_LARGE', line: 2, column: 1 }),
    );
    const unquoted = new CsvParser(0x2c, 10, () => {});
    expect(() => unquoted.push(new TextEncoder().encode('abcdefghijklmnop'))).toThrow(
      expect.objectContaining({ code: 'CSV_FIELD_TOO_LARGE', line: 1 }),
    );
  });

  it('locates a byte of the record being handed over', () => {
    const positions: unknown[] = [];
    const parser: CsvParser = new CsvParser(0x2c, 1000, (data, count) => {
      positions.push(parser.locate(data, parser.ends[count - 1] ?? 0));
    });
    parser.push(new TextEncoder().encode('a\n"x\r\nyz"\n'));
    parser.end();
    expect(positions).toEqual([
      { line: 1, column: 2, offset: 1 },
      { line: 3, column: 3, offset: 8 },
    ]);
  });
});
