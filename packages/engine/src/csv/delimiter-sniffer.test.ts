import { describe, expect, it } from 'vitest';
import { sniffDelimiter } from './delimiter-sniffer.js';

const sniff = (text: string, complete = true) => sniffDelimiter(new TextEncoder().encode(text), complete);

describe('sniffDelimiter', () => {
  it('finds each candidate', () => {
    expect(sniff('a,b,c\n1,2,3\n')).toBe(',');
    expect(sniff('a;b;c\n1;2;3\n')).toBe(';');
    expect(sniff('a\tb\tc\n1\t2\t3\n')).toBe('\t');
    expect(sniff('a|b|c\n1|2|3\n')).toBe('|');
  });

  it('ignores delimiters inside quotes', () => {
    expect(sniff('a;b\n"x,y,z";"1,2,3"\n"p,q";r\n')).toBe(';');
    expect(sniff('"a;b;c",d\n"1;2;3",4\n')).toBe(',');
  });

  it('prefers the delimiter of the header over decimal commas', () => {
    expect(sniff('price;qty\n1,5;2\n3,25;4\n')).toBe(';');
  });

  it('prefers the candidate that splits records consistently', () => {
    expect(sniff('a,b|c\n1,2|3\nx|y,z,w\n')).toBe('|');
  });

  it('falls back to a comma when nothing splits the first record', () => {
    expect(sniff('name\nx\n')).toBe(',');
    expect(sniff('')).toBe(',');
  });

  it('leaves out a last record that a chunk may have cut short', () => {
    expect(sniff('a;b\n1;2\n3', false)).toBe(';');
  });
});
