import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  ARRAY_STRATEGIES,
  CONVERSION_TEXTS,
  ConversionOptionFields,
  CSV_TO_JSON_MAX_BYTES,
  CsvToJsonBody,
  OUTPUT_FORMATS,
  TextConversionQuery,
} from './convert.js';

describe('conversion options', () => {
  it('take every output format and array strategy, and nothing else', () => {
    for (const output_format of OUTPUT_FORMATS)
      expect(Value.Check(ConversionOptionFields, { output_format })).toBe(true);
    for (const array_strategy of ARRAY_STRATEGIES) {
      expect(Value.Check(ConversionOptionFields, { array_strategy })).toBe(true);
    }
    expect(Value.Check(ConversionOptionFields, { output_format: 'xml' })).toBe(false);
    expect(Value.Check(ConversionOptionFields, { array_strategy: 'flatten' })).toBe(false);
  });

  it('take flags as booleans or as the text multipart fields carry', () => {
    for (const include_bom of [true, false, 'true', 'false']) {
      expect(Value.Check(ConversionOptionFields, { include_bom, excel_safe: include_bom })).toBe(true);
    }
    expect(Value.Check(ConversionOptionFields, { include_bom: 'yes' })).toBe(false);
    expect(Value.Check(ConversionOptionFields, { excel_safe: 1 })).toBe(false);
  });

  it('take a delimiter of one to three characters (`tab`, `\\t`)', () => {
    for (const delimiter of [',', '\\t', 'tab']) expect(Value.Check(ConversionOptionFields, { delimiter })).toBe(true);
    expect(Value.Check(ConversionOptionFields, { delimiter: '' })).toBe(false);
    expect(Value.Check(ConversionOptionFields, { delimiter: 'tabs' })).toBe(false);
  });

  it('refuse fields they do not know', () => {
    expect(Value.Check(ConversionOptionFields, {})).toBe(true);
    expect(Value.Check(ConversionOptionFields, { arrays: 'bogus' })).toBe(false);
  });

  it('are, with a file name, the query of a text conversion', () => {
    expect(Value.Check(TextConversionQuery, { output_format: 'tsv', filename: 'pasted.json' })).toBe(true);
    expect(Value.Check(TextConversionQuery, { filename: 'x'.repeat(201) })).toBe(false);
    expect(Value.Check(TextConversionQuery, { other: 'x' })).toBe(false);
  });
});

describe('CSV to JSON body', () => {
  it("takes the converter's and the comparison dialog's shapes", () => {
    expect(Value.Check(CsvToJsonBody, { csv_content: 'a\n1\n', output_format: 'json' })).toBe(true);
    expect(Value.Check(CsvToJsonBody, { csv_data: 'a\n1\n', original_filename: 'a.csv' })).toBe(true);
  });

  it('refuses other output formats, unknown fields and CSV above the limit', () => {
    expect(Value.Check(CsvToJsonBody, { csv_content: 'a', output_format: 'csv' })).toBe(false);
    expect(Value.Check(CsvToJsonBody, { csv_content: 'a', arrays: 'bogus' })).toBe(false);
    expect(Value.Check(CsvToJsonBody, { csv_content: 'a'.repeat(CSV_TO_JSON_MAX_BYTES + 1) })).toBe(false);
  });
});

describe('conversion texts', () => {
  it('are all non-empty and distinct where the spec distinguishes them', () => {
    const texts = Object.values(CONVERSION_TEXTS);
    expect(texts.every((text) => text.length > 0)).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
