/**
 * The analysis fed by json2csv's flattener (exact counts leaf by leaf, value checks on a sample) against
 * the standalone analyzer (`analyzeJson`, which walks every record): everything the report calls exact
 * must agree, over random records fed whole and one byte at a time.
 */
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonToCsv } from '../json-to-csv.js';
import { AnalysisCollector } from './analysis-collector.js';
import { analyzeJson } from './analyze-json.js';
import type { AnalysisReport } from './report.js';

const EXACT_ISSUES = new Set([
  'wide_output',
  'mixed_types',
  'empty_column',
  'missing_values',
  'sparse_key',
  'array_length_varies',
]);

/** The parts of a report that are exact whether or not records were sampled. */
function exactParts(report: AnalysisReport) {
  return {
    records: report.records,
    columns: report.columns,
    maxDepth: report.maxDepth,
    complexity: report.complexity,
    fields: report.fields.map(({ path, types, nulls, empty, missing, length }) => ({
      path,
      types,
      nulls,
      empty,
      missing,
      length,
    })),
    // Examples come from the sampled records.
    issues: report.issues
      .filter((issue) => EXACT_ISSUES.has(issue.kind))
      .map(({ kind, severity, path, count, message }) => ({ kind, severity, path, count, message })),
    smartHeaders: report.smartHeaders.map((header) => header.path),
  };
}

/** JSON text with every non-ASCII character written as a `\\u` escape (a surrogate pair as two), as Python's `json.dumps` writes it. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

async function drain(output: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _ of output);
}

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', ' a', '=1', '12', 'é\n"\\', '\u2028', '😀x', '😀', 'twelve chars', '\ud800'),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const key = fc.constantFrom('a', 'b', 'c.d', 'é', 'tags', '0');
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}));
const records = fc.array(
  fc.oneof({ weight: 5, arbitrary: fc.dictionary(key, value, { maxKeys: 5 }) }, { weight: 1, arbitrary: value }),
  {
    maxLength: 12,
  },
);

describe('analysis fed by the flattener', () => {
  it('agrees with analyzeJson on every exact count, whole and one byte at a time, escaped or not', async () => {
    await fc.assert(
      fc.asyncProperty(records, fc.boolean(), fc.boolean(), async (list, bytewise, escaped) => {
        const bytes = new TextEncoder().encode(escaped ? asciiJson(list) : JSON.stringify(list));
        const collector = new AnalysisCollector('.', { sampleHead: 2, sampleStride: 3 });
        const chunks = bytewise ? Array.from(bytes, (byte) => Uint8Array.of(byte)) : [bytes];
        await drain(jsonToCsv(chunks, { analysis: collector }));
        const sampled = collector.report();
        const full = await analyzeJson([bytes]);
        expect(exactParts(sampled)).toEqual(exactParts(full));
        // Records 1 and 2, then 3, 6, 9, ...; an array of arrays (rows) is walked whole.
        const rows = Array.isArray(list[0]);
        const checked = list.filter((_, k) => rows || k < 2 || (k + 1) % 3 === 0).length;
        expect(sampled.limits.some((note) => note.includes('sample'))).toBe(checked < list.length);
        // A distinct count of a sample that left records out is not the file's.
        if (checked < list.length) expect(sampled.fields.filter((field) => field.distinct.exact)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('counts an escaped surrogate pair, twelve bytes, as one character of the shortest text', async () => {
    const bytes = new TextEncoder().encode('[{"a":"abcdefghijkl"},{"a":"ab"},{"a":"\\uD83D\\uDE00"}]');
    const collector = new AnalysisCollector('.', { sampleHead: 0 });
    await drain(jsonToCsv([bytes], { analysis: collector }));
    expect(collector.report().fields[0]?.length).toEqual({ min: 1, max: 12 });
  });

  it('reports the same as analyzeJson when every record is in the sample', async () => {
    await fc.assert(
      fc.asyncProperty(records, async (list) => {
        const bytes = new TextEncoder().encode(JSON.stringify(list));
        const collector = new AnalysisCollector();
        await drain(jsonToCsv([bytes], { analysis: collector }));
        expect(collector.report()).toEqual(await analyzeJson([bytes]));
      }),
      { numRuns: 200 },
    );
  });

  it("counts a string's characters as its decoded code points, in every format, with the UTF-8 checked ahead or not", async () => {
    const long = `${'é'.repeat(3000)}\n${'😀'.repeat(700)}x`;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), fc.constant(long)),
        fc.constantFrom('csv', 'tsv', 'xlsx' as const),
        fc.boolean(),
        async (s, format, checked) => {
          // A lone surrogate is one character, as the U+FFFD it is written as.
          const characters = [...s].length;
          // As JSON.stringify writes it, and with every non-ASCII character escaped, as Python writes it.
          for (const json of [JSON.stringify([{ a: s }]), asciiJson([{ a: s }])]) {
            const collector = new AnalysisCollector('.', { sampleHead: 0 });
            const input = [new TextEncoder().encode(json)];
            await drain(jsonToCsv(input, { analysis: collector, format, isUtf8: checked ? isUtf8 : undefined }));
            expect(collector.report().fields[0]?.length).toEqual({ min: characters, max: characters });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
