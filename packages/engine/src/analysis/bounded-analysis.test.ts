import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonToCsv } from '../json-to-csv.js';
import { AnalysisCollector } from './analysis-collector.js';
import { analyzeJson } from './analyze-json.js';
import { MAX_EXAMPLE_LENGTH } from './evidence.js';
import { BEYOND, beyondDoublePrecision, EXACT, NumberScan } from './number-precision.js';
import { RecordIndex } from './record-index.js';
import { MAX_JUDGED_TEXTS } from './semantic-types.js';
import { Utf8Text } from './utf8-text.js';
import { hashKey, hashText } from './value-hash.js';

const encoder = new TextEncoder();

async function drain(output: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of output) bytes += chunk.length;
  return bytes;
}

/** Feeds `text` to json2csv in 1 MiB chunks with a collector and returns the collector's report. */
async function convertWithAnalysis(text: string, collector = new AnalysisCollector()) {
  const bytes = encoder.encode(text);
  const chunks: Uint8Array[] = [];
  for (let k = 0; k < bytes.length; k += 1 << 20) chunks.push(bytes.subarray(k, k + (1 << 20)));
  await drain(jsonToCsv(chunks, { analysis: collector }));
  return collector.report();
}

describe('analysis of pathological inputs, in bounded memory', () => {
  it('measures a 22 MB string by its characters without building it, and keeps a clipped example', async () => {
    const unit = 'é😀a\\n'; // 4 characters once decoded: é, 😀, a, newline
    const report = await convertWithAnalysis(`[{"id":1,"s":"${unit.repeat(2_500_000)}"}]`);
    const field = report.fields.find((candidate) => candidate.path === 's');
    expect(field?.length).toEqual({ min: 10_000_000, max: 10_000_000 });
    expect(field?.examples[0]).toHaveLength(MAX_EXAMPLE_LENGTH);
    expect(field?.examples[0]?.endsWith('…')).toBe(true);
    expect(field?.semantic).toBeNull();
    expect(report.limits).toEqual([]);
  });

  it('tracks the first paths of a record with 100,000 keys and counts the rest together, saying so', async () => {
    const keys = Array.from({ length: 100_000 }, (_, k) => `"k${k}":${k}`);
    const collector = new AnalysisCollector('.', { maxPaths: 1000 });
    const report = await convertWithAnalysis(`[{${keys.join(',')}},{${keys.join(',')}}]`, collector);
    expect(report.fields).toHaveLength(1000);
    expect(report.fields[999]?.path).toBe('k999');
    expect(report.untracked?.pathsTracked).toBe(1000);
    expect(report.untracked?.values).toBe(198_000);
    // json2csv's flattener counts every column, so the untracked ones are counted exactly (analyzeJson estimates them).
    expect(report.untracked?.columns).toEqual({ estimate: 99_000, exact: true });
    expect(report.columns).toBe(100_000);
    expect(report.duplicateCheck.duplicates).toBe(1);
    expect(report.limits).toHaveLength(1);
    expect(report.limits[0]).toMatch(
      /^Only the first 1,000 paths were analysed one by one; 99,000 more columns \(198,000 values\)/,
    );
    expect(report.issues.find((issue) => issue.kind === 'wide_output')?.message).toMatch(/^The CSV has 100000 columns/);
  });

  it('counts the later paths of every kind together: containers are no columns, nulls no values', async () => {
    // Per five keys, six paths: a number, a null, an object (no column) with its field, an empty object and array.
    const kinds = ['0', 'null', '{"a":1}', '{}', '[]'];
    const keys = Array.from({ length: 3000 }, (_, k) => `"k${k}":${kinds[k % 5]}`);
    const report = await convertWithAnalysis(`[{${keys.join(',')}}]`, new AnalysisCollector('.', { maxPaths: 1000 }));
    // The first 1,000 paths: 166 groups of six, then k830, k831, k832 and k832.a (three columns).
    expect(report.fields).toHaveLength(166 * 5 + 3);
    expect(report.untracked?.columns).toEqual({ estimate: 3000 - 833, exact: true });
    // k833 and k834, then 433 groups of four values that are not null.
    expect(report.untracked?.values).toBe(2 + 433 * 4);
    expect(report.columns).toBe(3000);
  });

  it('judges the semantic type on the first distinct texts of a column and says so', async () => {
    const records = Array.from({ length: MAX_JUDGED_TEXTS + 10 }, (_, k) => `{"email":"user${k}@example.com"}`);
    const report = await analyzeJson([encoder.encode(records.join('\n'))]);
    expect(report.fields[0]?.semantic).toEqual({ type: 'email', matched: MAX_JUDGED_TEXTS, checked: MAX_JUDGED_TEXTS });
    expect(report.limits).toEqual([
      "Distinct counts of 'email' are estimates (HyperLogLog, about ±1.6%): they hold more than 1,024 distinct values.",
      "Semantic types and date formats of 'email' were decided on their first 1,024 distinct texts; later new texts were not checked.",
    ]);
  });

  it('judges every value while the texts repeat (a verdict per distinct text)', async () => {
    const records = Array.from({ length: 5000 }, (_, k) => `{"flag":"${k % 3 === 0 ? 'yes' : 'no'}"}`);
    const report = await analyzeJson([encoder.encode(records.join('\n'))]);
    expect(report.fields[0]?.semantic).toEqual({ type: 'boolean_like', matched: 5000, checked: 5000 });
    expect(report.limits).toEqual([]);
  });

  it('counts a text the same escaped or not', async () => {
    const report = await analyzeJson([encoder.encode('{"a":"é\\n"}\n{"a":"\\u00e9\\u000a"}')]);
    expect(report.fields[0]?.distinct).toEqual({ estimate: 1, exact: true });
    expect(report.duplicateCheck.duplicates).toBe(1);
  });
});

describe('byte-level measures agree with the JavaScript they replace', () => {
  it('counts characters as the string iterator does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const value = new Utf8Text();
        const bytes = encoder.encode(text);
        value.set(bytes, 0, bytes.length);
        expect(value.codePoints()).toBe([...text].length);
        if (text !== '') {
          expect(value.firstCodePoint()).toBe(text.codePointAt(0));
          expect(value.lastCodePoint()).toBe([...text].at(-1)?.codePointAt(0));
        }
      }),
    );
  });

  it('settles precision from the digits only where beyondDoublePrecision agrees, and approximates the value', () => {
    const literal = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^(0|[1-9]\d{0,22})$/),
        fc.option(fc.stringMatching(/^\d{1,22}$/)),
        fc.option(fc.integer({ min: -400, max: 400 })),
      )
      .map(
        ([negative, whole, fraction, exponent]) =>
          `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : `e${exponent}`}`,
      );
    fc.assert(
      fc.property(literal, (text) => {
        const scan = new NumberScan();
        scan.read(encoder.encode(text), 0, text.length);
        if (scan.precision === EXACT) expect(beyondDoublePrecision(text)).toBe(false);
        if (scan.precision === BEYOND) expect(beyondDoublePrecision(text)).toBe(true);
        const value = Number(text);
        if (Number.isFinite(value) && Math.abs(value) >= 1e-290) {
          expect(Math.abs(scan.approximate - value)).toBeLessThanOrEqual(Math.abs(value) * 1e-14);
        } else if (value !== 0 && Math.abs(value) < 1e-291) expect(scan.approximate).toBeNaN();
        expect(scan.digitsOnly).toBe(/^\d+$/.test(text));
        if (scan.integer) expect(String(scan.approximate)).toBe(text);
      }),
    );
  });

  it('keeps the first written of equal extremes (0 and -0)', async () => {
    for (const [texts, extreme] of [
      [['0', '-0'], '0'],
      [['-0', '0'], '-0'],
    ] as const) {
      const report = await analyzeJson([encoder.encode(texts.map((text) => `{"n":${text}}`).join('\n'))]);
      expect([report.fields[0]?.numeric?.min, report.fields[0]?.numeric?.max]).toEqual([extreme, extreme]);
    }
  });

  it('reports the exact minimum and maximum as written, whatever the numbers', async () => {
    const literal = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
      fc.integer().map(String),
      fc.constant('-0'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(literal, { minLength: 1, maxLength: 60 }), async (texts) => {
        const report = await analyzeJson([encoder.encode(texts.map((text) => `{"n":${text}}`).join('\n'))]);
        const values = texts.map(Number);
        const min = Math.min(...values);
        const max = Math.max(...values);
        // Numerically (== rather than Object.is): of 0 and -0, equal values, the first one written is kept.
        expect(Number(report.fields[0]?.numeric?.min) === min).toBe(true);
        expect(Number(report.fields[0]?.numeric?.max) === max).toBe(true);
        // As written: the text of one of the literals.
        expect(texts).toContain(report.fields[0]?.numeric?.min);
        expect(texts).toContain(report.fields[0]?.numeric?.max);
      }),
    );
  });

  it('gives 200,000 distinct short texts 200,000 distinct hash keys, and a text the same key every time', () => {
    const keys = new Set<number>();
    for (let k = 0; k < 100_000; k++) {
      keys.add(hashKey(hashText(`v${k}`)));
      keys.add(hashKey(hashText(`${k}@example.com`)));
    }
    expect(keys.size).toBe(200_000);
    expect(hashKey(hashText('same', 3))).toBe(hashKey(hashText('same', 3)));
    expect(hashKey(hashText('same', 3))).not.toBe(hashKey(hashText('same', 4)));
  });

  it('finds every record hash the index was given, and no other', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 3000 }), fc.string(), (texts, other) => {
        const index = new RecordIndex();
        texts.forEach((text, k) => {
          index.set(hashText(text), k + 1);
        });
        texts.forEach((text, k) => {
          expect(index.get(hashText(text))).toBe(k + 1);
        });
        if (!texts.includes(other)) expect(index.get(hashText(other))).toBe(0);
      }),
      { numRuns: 30 },
    );
  });
});
