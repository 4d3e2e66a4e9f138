/**
 * The round-trip promise: json2csv | csv2json with default options gives the records back, number
 * text included, for everything CSV can carry. Records are generated as JSON text (so numbers keep
 * any literal form) and compared after parsing with a reader that keeps number text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvToJsonText } from './csv-to-json.js';
import { jsonToCsvText } from './json-to-csv.js';

type Value = null | boolean | { number: string } | string | Value[] | { entries: [string, Value][] };

function isObject(value: Value): value is { entries: [string, Value][] } {
  return typeof value === 'object' && value !== null && 'entries' in value;
}

function toJson(value: Value): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (isObject(value)) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  return value.number;
}

/** A small JSON reader for the test's own oracle: keeps number text and key order, trusts its input. */
function parseKeepingNumbers(text: string): Value {
  let at = 0;
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const value = (): Value => {
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      const entries: [string, Value][] = [];
      space();
      if (text[at] === '}') {
        at++;
        return { entries };
      }
      for (;;) {
        space();
        const key = value() as string;
        space();
        at++; // ':'
        entries.push([key, value()]);
        space();
        if (text[at++] === '}') return { entries };
      }
    }
    if (char === '[') {
      at++;
      const items: Value[] = [];
      space();
      if (text[at] === ']') {
        at++;
        return items;
      }
      for (;;) {
        items.push(value());
        space();
        if (text[at++] === ']') return items;
      }
    }
    if (char === '"') {
      const start = at;
      at++;
      while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
      at++;
      return JSON.parse(text.slice(start, at)) as string;
    }
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(at))?.[0] ?? '';
    at += literal.length;
    if (literal === 'true' || literal === 'false') return literal === 'true';
    if (literal === 'null') return null;
    return { number: literal };
  };
  return value();
}

const numberText = fc.oneof(
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom('12345678901234567890', '0.1000000000000000055', '1e400', '-0', '0', '-0.0', '1E-999', '2.50'),
  fc
    .tuple(
      fc.integer({ min: -999, max: 999 }),
      fc.stringMatching(/^\d{1,20}$/),
      fc.option(fc.integer({ min: -400, max: 400 })),
    )
    .map(([int, fraction, exponent]) => `${int}.${fraction}${exponent === null ? '' : `e${exponent}`}`),
);

function looksLikeJsonContainer(text: string): boolean {
  if (!/^[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// A string whose whole text is a JSON array or object comes back as that value: CSV cannot mark it.
const text = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.string({ unit: 'binary-ascii', maxLength: 12 }),
    fc.constantFrom(
      '',
      '007',
      '1e5',
      'true',
      'false',
      'null',
      ' 12',
      '+1',
      '1,000',
      '0x1F',
      '=SUM(A1)',
      'a"b',
      'line\nbreak',
      'cr\rlf\r\n',
      '[x',
      '{',
    ),
  )
  .filter((value) => !looksLikeJsonContainer(value));

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numberText.map((number) => ({ number })),
  text,
);

const key = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('a', 'b', 'a.b', 'x\\y', '0', '17', '__proto__', 'constructor', '', '.', 'id'),
);

/** A record shape: leaves are filled with fresh values for every record, so each record has every path. */
type Shape = { leaf: true } | { array: Shape[] } | { object: [string, Shape][] };

const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape; object: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant<Shape>({ leaf: true }),
    fc.array(tie('shape'), { maxLength: 3 }).map((array): Shape => ({ array })),
    tie('object'),
  ),
  object: fc
    .uniqueArray(fc.tuple(key, tie('shape')), { selector: ([name]) => name, maxLength: 4 })
    .map((object): Shape => ({ object })),
})).shape;

const recordShape = fc
  .uniqueArray(fc.tuple(key, shape), { selector: ([name]) => name, minLength: 1, maxLength: 6 })
  .map((object): Shape => ({ object }));

/** True when a value writes only empty cells: such trailing array elements cannot be told from absent ones. */
function writesOnlyNulls(value: Value): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length > 0 && value.every(writesOnlyNulls);
  if (isObject(value)) return value.entries.length > 0 && value.entries.every(([, child]) => writesOnlyNulls(child));
  return false;
}

function fill(s: Shape): fc.Arbitrary<Value> {
  if ('leaf' in s) return scalar;
  if ('array' in s) {
    // Arrays come back without trailing elements that wrote only empty cells (a shorter array in a wider table).
    return fc
      .tuple(...s.array.map(fill))
      .filter((items) => items.length === 0 || !writesOnlyNulls(items[items.length - 1] ?? null))
      .map((items): Value => items);
  }
  return fc
    .tuple(...s.object.map(([, child]) => fill(child)))
    .map((values): Value => ({ entries: s.object.map(([name], i) => [name, values[i] ?? null]) }));
}

const records = recordShape.chain((s) => fc.array(fill(s), { minLength: 1, maxLength: 5 }));

async function roundTrip(input: Value[]): Promise<Value> {
  const csv = await jsonToCsvText(toJson(input));
  return parseKeepingNumbers(await csvToJsonText(csv));
}

/** How csv2json typed the cells of `csv` (the `column-types` notice). */
async function typingOf(csv: string): Promise<string | undefined> {
  let typing: string | undefined;
  await csvToJsonText(csv, {
    onNotice: (notice) => (typing = notice.kind === 'column-types' ? notice.typing : typing),
  });
  return typing;
}

describe('json2csv | csv2json round trip', () => {
  it('reads its own CSV per cell by default, whatever it quotes, so the types quoting carries stay', async () => {
    await fc.assert(
      fc.asyncProperty(records, async (input) => {
        expect(await typingOf(await jsonToCsvText(toJson(input)))).toBe('per-cell');
      }),
      { numRuns: 500 },
    );
  });

  it('gives back records of one shape exactly, number text included', async () => {
    await fc.assert(
      fc.asyncProperty(records, async (input) => {
        expect(await roundTrip(input)).toEqual(input);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives back flat records of varying keys, a missing key as null', async () => {
    const flat = fc.array(
      fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e.f', 'late'), scalar), {
        selector: ([name]) => name,
        minLength: 1,
      }),
      { minLength: 1, maxLength: 8 },
    );
    await fc.assert(
      fc.asyncProperty(flat, async (rows) => {
        const header: string[] = [];
        for (const row of rows) for (const [name] of row) if (!header.includes(name)) header.push(name);
        const expected = rows.map((row): Value => {
          const byName = new Map<string, Value>(row);
          return { entries: header.map((name): [string, Value] => [name, byName.get(name) ?? null]) };
        });
        expect(await roundTrip(rows.map((entries): Value => ({ entries })))).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('json2csv --excel-safe | csv2json --excel-safe round trip', () => {
  it('reads a guarded one-column file whose quoted header holds a line break as two records of one column', async () => {
    // Found by the property below: `'` was sniffed as the quote and `@` as the delimiter, since `'` quoting
    // left the quoted CR outside quotes and so made a third row of evidence.
    const input = [{ '@\r': "'@" }];
    const csv = await jsonToCsvText(JSON.stringify(input), { excelSafe: true });
    expect(csv).toBe(`"'@\r"\n''@\n`);
    expect(JSON.parse(await csvToJsonText(csv, { excelSafe: true }))).toEqual(input);
  });

  it('guards every cell and gives back keys and strings that start like formulas', async () => {
    // Text that starts with the guard itself (`'=`) comes back too: it is written with one more `'`.
    const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', '1', ' '), maxLength: 6 });
    const rows = fc.array(fc.dictionary(text, text, { minKeys: 1, maxKeys: 4 }), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(rows, async (input) => {
        const csv = await jsonToCsvText(JSON.stringify(input), { excelSafe: true });
        // No cell, header included, starts like a formula (the text holds no `,` or line feed of its own): + or -
        // stays unguarded only before digits, spaces and more - (or as a number).
        expect(csv).not.toMatch(/(^|[,\n])"?([=@\t\r]|[+-][^,\n"]*[^-0-9 ,\n"])/);
        const output = JSON.parse(await csvToJsonText(csv, { excelSafe: true })) as Record<string, string | null>[];
        const header = [...new Set(input.flatMap((row) => Object.keys(row)))];
        expect(output).toEqual(input.map((row) => Object.fromEntries(header.map((key) => [key, row[key] ?? null]))));
      }),
      { numRuns: 1000 },
    );
  });
});
