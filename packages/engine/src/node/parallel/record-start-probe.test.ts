import { describe, expect, it } from 'vitest';
import { firstRowWidth, likelyDelimiter, looksLikeRecordStart } from './record-start-probe.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('looksLikeRecordStart', () => {
  const csv = bytes('id,note,n\n1,"a\nb, c\nd",2\n2,"e",3\n3,f,4\n4,"g\nh",5\n');
  const at = (needle: string) => Buffer.from(csv).indexOf(needle);

  it('takes a line that starts a record', () => {
    expect(looksLikeRecordStart(csv, at('1,"a'), 0x2c, 3)).toBe(true);
    expect(looksLikeRecordStart(csv, at('2,"e"'), 0x2c, 3)).toBe(true);
  });

  it('refuses a line inside a quoted cell: read from there, the quotes come the wrong way round', () => {
    expect(looksLikeRecordStart(csv, at('b, c'), 0x2c, 3)).toBe(false);
    expect(looksLikeRecordStart(csv, at('d",2'), 0x2c, 3)).toBe(false);
    expect(looksLikeRecordStart(csv, at('h",5'), 0x2c, 3)).toBe(false);
  });
});

describe('the header read before the dialect is sniffed', () => {
  it('finds the likeliest delimiter and the header width, quotes and all', () => {
    expect(likelyDelimiter(bytes('"a;b",c,d\n1,2,3\n'))).toBe(0x2c);
    expect(likelyDelimiter(bytes('a;b;c\n'))).toBe(0x3b);
    expect(likelyDelimiter(bytes('a\tb|c\td\n'))).toBe(0x09);
    expect(firstRowWidth(bytes('"a,\nb",c,d\n1,2,3\n'), 0x2c)).toBe(3);
  });
});
