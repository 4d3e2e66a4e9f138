/**
 * Random records against a plain reference implementation of the flattening and quoting rules,
 * fed to the streaming converter in random chunks: keys that repeat, move, appear late or hold
 * different shapes are where a predicting, restartable reader could go wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendHeaderSegment } from '../header-path.js';
import { jsonToCsv } from '../json-to-csv.js';

type Value = null | boolean | { number: string } | string | Value[] | { entries: [string, Value][] };

const isObject = (v: Value): v is { entries: [string, Value][] } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'entries' in v;
const isNumber = (v: Value): v is { number: string } => typeof v === 'object' && v !== null && 'number' in v;

function toJson(value: Value, space: string): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${space}${value.map((v) => toJson(v, space)).join(`,${space}`)}]`;
  if (isObject(value))
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}${space}:${toJson(v, space)}`).join(',')}}`;
  return value.number;
}

function quoteText(text: string): string {
  const typed =
    /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(text) ||
    text === 'true' ||
    text === 'false' ||
    /^[[{]/.test(text);
  return text === '' || typed || /[,;|\t"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The expected CSV, computed the obvious way. */
function expectedCsv(records: Value[]): string {
  const columns = new Map<string, number>();
  const rows: Map<number, string>[] = [];
  const walk = (value: Value, header: string | null, row: Map<number, string>) => {
    const put = (cell: string) => {
      const key = header ?? '';
      if (!columns.has(key)) columns.set(key, columns.size);
      row.set(columns.get(key) as number, cell);
    };
    if (isObject(value)) {
      if (value.entries.length === 0) {
        if (header !== null) put('{}');
      } else for (const [k, v] of value.entries) walk(v, appendHeaderSegment(header, k, '.'), row);
    } else if (Array.isArray(value)) {
      if (value.length === 0) put('[]');
      else {
        for (const [index, v] of value.entries()) walk(v, appendHeaderSegment(header, index, '.'), row);
      }
    } else if (value === null) put('');
    else if (typeof value === 'boolean') put(String(value));
    else if (isNumber(value)) put(value.number);
    else put(quoteText(value));
  };
  for (const record of records) {
    const row = new Map<number, string>();
    walk(record, null, row);
    rows.push(row);
  }
  if (columns.size === 0) return '';
  const lines = [
    [...columns.keys()].map((h) => (h === '' || /[,;|\t"\r\n]/.test(h) ? `"${h.replaceAll('"', '""')}"` : h)).join(','),
  ];
  for (const row of rows) lines.push(Array.from({ length: columns.size }, (_, c) => row.get(c) ?? '').join(','));
  return `${lines.join('\n')}\n`;
}

const key = fc.constantFrom('a', 'b', 'c', 'a.b', '0', '1', 'é', '', 'k"q', 'x|y', '__proto__');
const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc
    .constantFrom('0', '-0', '12345678901234567890', '0.1000000000000000055', '1e400', '-2.5E-3')
    .map((number) => ({ number })),
  fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      ',',
      ';',
      '|',
      '\t',
      '"',
      '\n',
      '\r',
      ' ',
      'é',
      '😀',
      '\\',
      '=',
      '1',
      '[',
      '\u0000',
    ),
  }),
);
const value: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(key, tie('value')), { maxLength: 4, selector: ([k]) => k }).map((entries) => ({ entries })),
  ),
})).value;
const record = fc
  .uniqueArray(fc.tuple(key, value), { maxLength: 5, selector: ([k]) => k })
  .map((entries): Value => ({ entries }));

async function convert(text: string, sizes: number[]): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length] as number;
    chunks.push(bytes.slice(at, at + size));
    at += size;
  }
  let out = '';
  const decoder = new TextDecoder();
  for await (const chunk of jsonToCsv(chunks)) out += decoder.decode(chunk, { stream: true });
  return out;
}

describe('flattening against a reference', () => {
  it('matches for random records in random chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('', ' ', '\n '),
        async (records, sizes, space) => {
          const text = `[${records.map((r) => toJson(r, space)).join(`,${space}`)}]`;
          expect(await convert(text, sizes)).toBe(expectedCsv(records));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
