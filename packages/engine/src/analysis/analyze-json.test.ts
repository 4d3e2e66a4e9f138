import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { analyzeJson } from './analyze-json.js';
import type { AnalysisReport, QualityIssueKind, SemanticType } from './report.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const encode = (text: string) => [new TextEncoder().encode(text)];

/** Feeds the bytes one at a time: chunk boundaries are where streaming readers break. */
function byteByByte(bytes: Uint8Array): Uint8Array[] {
  return Array.from(bytes, (byte) => Uint8Array.of(byte));
}

function issue(report: AnalysisReport, kind: QualityIssueKind, path: string | null = null) {
  return report.issues.find((candidate) => candidate.kind === kind && (path === null || candidate.path === path));
}

describe('analyzeJson: quality issues', () => {
  it('finds every issue kind in the crafted file, with counts and examples (golden report)', async () => {
    const report = await analyzeJson([fixture('issues.jsonl')]);
    await expect(`${JSON.stringify(report, null, 2)}\n`).toMatchFileSnapshot('./fixtures/issues.report.snap');
    expect(report).toMatchObject({ records: 10, maxDepth: 2, complexity: 'moderate' });
    expect(issue(report, 'mixed_types', 'mixed')).toMatchObject({
      severity: 'warning',
      count: 10,
      examples: ['string ×1', 'number ×9'],
    });
    expect(issue(report, 'numbers_as_strings', 'qty')).toMatchObject({ count: 10, examples: ['5', '7', '9'] });
    expect(issue(report, 'inconsistent_date_formats', 'date')).toMatchObject({
      count: 1,
      examples: ['YYYY-MM-DD ×9', 'DD/MM/YYYY ×1'],
    });
    expect(issue(report, 'missing_values', 'note')).toMatchObject({
      severity: 'info',
      count: 1,
      examples: ['null ×1'],
    });
    expect(issue(report, 'empty_column', 'blank')).toMatchObject({ severity: 'warning', count: 10 });
    expect(issue(report, 'duplicate_records')).toMatchObject({ count: 1, examples: ['record 10 repeats record 9'] });
    expect(issue(report, 'duplicate_keys', 'dup')).toMatchObject({ count: 1, examples: ['record 2'] });
    expect(issue(report, 'surrounding_spaces', 'name')).toMatchObject({ count: 2, examples: ['" Ada"', '"Bob "'] });
    expect(issue(report, 'formula_like', 'formula')).toMatchObject({ count: 2, examples: ['=SUM(A1:A9)', '@cmd'] });
    expect(issue(report, 'formula_like', 'formula')?.recommendation).not.toContain('--');
    expect(issue(report, 'beyond_double_precision', 'big')).toMatchObject({
      count: 2,
      examples: ['12345678901234567890', '0.1000000000000000055'],
    });
    expect(issue(report, 'sparse_key', 'rare')).toMatchObject({ count: 1, examples: ['only here'] });
    expect(issue(report, 'array_length_varies', 'tags')).toMatchObject({
      count: 10,
      examples: ['shortest 1', 'longest 3'],
    });
    // A path below an array is not "missing" in records with shorter arrays.
    expect(report.fields.find((field) => field.path === 'tags.2')).toMatchObject({ missing: 0, types: { string: 1 } });
    expect(report.fields.find((field) => field.path === 'big')?.numeric).toEqual({
      min: '0.1000000000000000055',
      max: '12345678901234567890',
    });
    // Warnings come before information.
    const severities = report.issues.map((found) => found.severity);
    expect(severities.indexOf('info')).toBeGreaterThan(severities.lastIndexOf('warning'));
  });

  it('reports very wide output', async () => {
    const report = await analyzeJson([fixture('wide.jsonl')]);
    expect(report.columns).toBe(120);
    expect(report.complexity).toBe('complex');
    expect(issue(report, 'wide_output')).toMatchObject({ severity: 'info', count: 120, examples: ['k0', 'k1', 'k2'] });
  });

  it('says nothing when the data is clean', async () => {
    const report = await analyzeJson(encode('[{"a":1,"b":"x"},{"a":2,"b":"y"}]'));
    expect(report.issues).toEqual([]);
    expect(report).toMatchObject({ complexity: 'simple', maxDepth: 1, columns: 2 });
  });

  it('gives the same report byte by byte as whole', async () => {
    const bytes = fixture('issues.jsonl');
    expect(await analyzeJson(byteByByte(bytes))).toEqual(await analyzeJson([bytes]));
  });
});

describe('analyzeJson: schema', () => {
  it('detects every semantic type (golden report)', async () => {
    const report = await analyzeJson([fixture('semantics.jsonl')]);
    await expect(`${JSON.stringify(report, null, 2)}\n`).toMatchFileSnapshot('./fixtures/semantics.report.snap');
    const types = Object.fromEntries(report.fields.map((field) => [field.path, field.semantic?.type]));
    const expected: Record<string, SemanticType> = {
      email: 'email',
      website: 'url',
      created: 'datetime',
      uuid: 'uuid',
      phone: 'phone',
      price: 'currency',
      rate: 'percentage',
      country: 'country_code',
      ip: 'ip_address',
      active: 'boolean_like',
      order_ref: 'identifier',
      c3: 'email',
    };
    expect(types).toEqual(expected);
    expect(report.fields.find((field) => field.path === 'created')?.semantic).toEqual({
      type: 'datetime',
      format: 'YYYY-MM-DDTHH:mm:ssZ',
      matched: 3,
      checked: 3,
    });
    // A meaningless key is named after its values' meaning, made unique beside the real `email` column.
    expect(report.smartHeaders.find((header) => header.path === 'c3')?.name).toBe('E-mail (2)');
  });

  it('keeps statistics per path: types, nulls, missing, lengths, numbers as written, distinct counts', async () => {
    const report = await analyzeJson(
      encode('{"data":[{"n":10,"s":"ab","o":{"x":null}},{"n":-2.50,"s":"abcd"},{"n":1e3,"s":"ab","o":{}}]}'),
    );
    expect(report.fields.map((field) => field.path)).toEqual(['n', 's', 'o.x', 'o']);
    expect(report.fields[0]).toMatchObject({
      types: { number: 3, string: 0 },
      numeric: { min: '-2.50', max: '1e3' },
      distinct: { estimate: 3, exact: true },
    });
    expect(report.fields[1]).toMatchObject({ length: { min: 2, max: 4 }, distinct: { estimate: 2, exact: true } });
    expect(report.fields[2]).toMatchObject({ nulls: 1, missing: 2, length: null });
    expect(report.fields[3]).toMatchObject({ types: { object: 2 }, missing: 1, examples: ['{}'] });
  });

  it('estimates distinct counts past the exact limit within 5%', async () => {
    const records = Array.from({ length: 20_000 }, (_, k) => `{"v":"value-${k}","w":${k % 7}}`).join('\n');
    const report = await analyzeJson(encode(records));
    const v = report.fields[0]?.distinct;
    expect(v?.exact).toBe(false);
    expect(Math.abs((v?.estimate ?? 0) - 20_000) / 20_000).toBeLessThan(0.05);
    expect(report.fields[1]?.distinct).toEqual({ estimate: 7, exact: true });
  });

  it('reads an array of arrays as json2csv does: the first row names the columns', async () => {
    const report = await analyzeJson(encode('[["id","tags"],[1,["a"]],[2,[]]]'));
    expect(report.records).toBe(2);
    expect(report.fields.map((field) => [field.path, field.types.number, field.types.array])).toEqual([
      ['id', 2, 0],
      ['tags', 0, 2],
    ]);
  });

  it('rejects bad input with the position json2csv reports', async () => {
    const failure = await analyzeJson(encode('[{"a":1},\n{"a":2,}]')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConversionError);
    expect(failure).toMatchObject({ code: 'JSON_SYNTAX', line: 2, record: 2 });
  });
});

describe('formula-like values', () => {
  it('are the values the formula guard changes: not numbers or phone numbers', async () => {
    const records = [{ phone: '+49 30 1234567' }, { phone: '-12.5' }, { phone: '-abc' }, { phone: '=1' }];
    const report = await analyzeJson([new TextEncoder().encode(JSON.stringify(records))]);
    expect(issue(report, 'formula_like', 'phone')).toMatchObject({ count: 2, examples: ['-abc', '=1'] });
  });
});
