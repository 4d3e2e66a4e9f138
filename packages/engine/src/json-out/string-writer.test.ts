import { describe, expect, it } from 'vitest';
import { OutputBuffer } from './output-buffer.js';
import { writeJsonString } from './string-writer.js';

function written(text: string, unquote = false): string {
  const out = new OutputBuffer();
  const bytes = new TextEncoder().encode(text);
  writeJsonString(out, bytes, 0, bytes.length, unquote);
  return new TextDecoder().decode(out.take(0)[0]);
}

describe('writeJsonString', () => {
  it('escapes quotes, backslashes and control characters the way JSON.stringify does', () => {
    let all = '';
    for (let c = 0; c < 0x20; c++) all += String.fromCharCode(c);
    for (const text of ['plain', 'a"b\\c', all, 'é € 𝄞 \u007f', '']) expect(written(text)).toBe(JSON.stringify(text));
  });

  it('collapses doubled quotes and drops a closing quote that text trails', () => {
    expect(written('say ""hi""', true)).toBe(JSON.stringify('say "hi"'));
    expect(written('x" y"', true)).toBe(JSON.stringify('x y"'));
  });

  it('escapes long text in blocks without losing bytes', () => {
    const text = `${'ab"\n'.repeat(10_000)}end`;
    expect(written(text)).toBe(JSON.stringify(text));
  });
});
