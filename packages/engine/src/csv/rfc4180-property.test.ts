import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvToJsonText } from '../csv-to-json.js';

/**
 * Issue 28 made the reader sniff quotes, escapes and preambles and recover from stray quotes, repeated headers
 * and second tables. None of that may change how an RFC 4180 file reads: any table written as RFC 4180 (with
 * a header of distinct names, two of them filled in when it has several columns, and no row repeating it)
 * reads back exactly, as it did before. The delimiter is
 * given, as the conformance suites give it; everything else is sniffed.
 */
const text = fc.string({
  unit: fc.constantFrom(
    'a',
    'b',
    'Z',
    '1',
    '0',
    '.',
    '-',
    ' ',
    ',',
    ';',
    '|',
    '\t',
    '"',
    "'",
    '\\',
    '\n',
    '\r\n',
    'é',
    '😀',
  ),
  maxLength: 8,
});

function rfc4180(rows: readonly string[][], eol: string): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return rows.map((row) => row.map(cell).join(',')).join(eol) + eol;
}

const table = fc.integer({ min: 1, max: 5 }).chain((columns) =>
  fc.record({
    header: fc.uniqueArray(text, { minLength: columns, maxLength: columns }),
    rows: fc.array(fc.array(text, { minLength: columns, maxLength: columns }), { maxLength: 12 }),
    eol: fc.constantFrom('\n', '\r\n'),
  }),
);

describe('RFC 4180 files read as before', () => {
  it('reads any RFC 4180 table back exactly, with only the delimiter given', async () => {
    await fc.assert(
      fc.asyncProperty(table, async ({ header, rows, eol }) => {
        fc.pre(rows.every((row) => row.some((value, c) => value !== header[c])));
        // A header naming one column of several may be a title row (`PREAMBLE,,,`): see the sniffer.
        fc.pre(header.length === 1 || header.filter((name) => name.trim() !== '').length >= 2);
        // A one-column empty row is a blank line: read as that column's empty cell, as always.
        const json = await csvToJsonText(rfc4180([header, ...rows], eol), {
          delimiter: ',',
          types: false,
          unflatten: false,
        });
        const expected = rows.map((row) => Object.fromEntries(header.map((name, c) => [name, row[c]])));
        expect(JSON.parse(json)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
