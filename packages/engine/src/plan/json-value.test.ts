import { describe, expect, it } from 'vitest';
import { JsonNumber, parseJsonValue, writeJsonValue } from './json-value.js';

describe('json values read back under a plan', () => {
  it('keep number text and key order, integer-like keys included', () => {
    const text = '{"b":1.10,"2":12345678901234567890,"a":[true,false,null,"x\\"y",{}],"1":-0.0e5}';
    const value = parseJsonValue(text);
    expect(value).toBeInstanceOf(Map);
    expect([...(value as Map<string, unknown>).keys()]).toEqual(['b', '2', 'a', '1']);
    expect((value as Map<string, unknown>).get('b')).toEqual(new JsonNumber('1.10'));
    expect(writeJsonValue(value)).toBe(text);
  });

  it('pretty-print with two spaces', () => {
    expect(writeJsonValue(parseJsonValue('{"a":[1,{"b":[]}]}'), 2)).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": []\n    }\n  ]\n}',
    );
  });

  it('nest deeper than the call stack without recursion', () => {
    const depth = 100_000;
    const text = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    expect(writeJsonValue(parseJsonValue(text))).toBe(text);
  });
});
