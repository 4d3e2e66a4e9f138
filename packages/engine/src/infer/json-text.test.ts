import { describe, expect, it } from 'vitest';
import { isJsonContainer, MAX_CELL_JSON_DEPTH } from './json-text.js';

const check = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return isJsonContainer(bytes, 0, bytes.length);
};

describe('isJsonContainer', () => {
  it('accepts arrays and objects of every kind of value', () => {
    for (const text of [
      '[]',
      '{}',
      '[1,"a"]',
      '{"a":{"b":[true,false,null]}}',
      '[ 1 , 2 ]',
      '["\\u00e9\\n\\"",-0.5e+3]',
      '[{}, []]',
      '{"k": "é"}',
    ]) {
      expect(check(text), text).toBe(true);
    }
  });

  it('rejects scalars, broken text and text around the value', () => {
    for (const text of [
      '1',
      '"a"',
      'true',
      '[',
      '[1,]',
      '[1 2]',
      '{"a"}',
      '{"a":}',
      '{a:1}',
      '[01]',
      "['a']",
      '["\\x"]',
      '["a\tb"]',
      '[1]x',
      ' [1]',
      '[1] ',
      '[]]',
      '[tru]',
      '{"a":1,}',
    ]) {
      expect(check(text), text).toBe(false);
    }
  });

  it('reads text nested past the depth limit as not JSON', () => {
    expect(check('['.repeat(MAX_CELL_JSON_DEPTH) + ']'.repeat(MAX_CELL_JSON_DEPTH))).toBe(true);
    expect(check('['.repeat(MAX_CELL_JSON_DEPTH + 1) + ']'.repeat(MAX_CELL_JSON_DEPTH + 1))).toBe(false);
  });
});
