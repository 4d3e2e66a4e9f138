import { describe, expect, it } from 'vitest';
import { writeJsonText } from './json-text-writer.js';
import { OutputBuffer } from './output-buffer.js';

function written(text: string, pretty: boolean, level = 0): string {
  const out = new OutputBuffer();
  const bytes = new TextEncoder().encode(text);
  writeJsonText(out, bytes, 0, bytes.length, pretty, level);
  return new TextDecoder().decode(out.take(0)[0]);
}

describe('writeJsonText', () => {
  const text = '{ "a" : [ 1 , 12345678901234567890 , "x y" ] ,\n "b" : { } , "c" : [ ] }';

  it('drops insignificant whitespace and keeps numbers and strings as written', () => {
    expect(written(text, false)).toBe('{"a":[1,12345678901234567890,"x y"],"b":{},"c":[]}');
  });

  it('lays out like JSON.stringify with two spaces, from the given level', () => {
    const plain = '{"a":[1,2,"x y"],"b":{},"c":[{"d":null}]}';
    expect(written(plain, true)).toBe(JSON.stringify(JSON.parse(plain), null, 2));
    expect(written('[1]', true, 2)).toBe('[\n      1\n    ]');
  });

  it('keeps structural characters inside strings as they are', () => {
    expect(written('["[ , ] : { }", "\\"]"]', true)).toBe('[\n  "[ , ] : { }",\n  "\\"]"\n]');
  });
});
