import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHeaderPath, encodeHeaderPath, type PathSegment } from './header-path.js';

describe('header paths', () => {
  it('joins keys and indexes with the separator', () => {
    expect(encodeHeaderPath(['user', 'tags', 0], '.')).toBe('user.tags.0');
    expect(decodeHeaderPath('user.tags.0', '.')).toEqual(['user', 'tags', 0]);
  });

  it('escapes the separator and backslashes inside keys', () => {
    expect(encodeHeaderPath(['a.b', 'c\\d'], '.')).toBe('a\\.b.c\\\\d');
    expect(decodeHeaderPath('a\\.b.c\\\\d', '.')).toEqual(['a.b', 'c\\d']);
  });

  it('marks nested object keys that look like indexes', () => {
    expect(encodeHeaderPath(['a', '0'], '.')).toBe('a.\\0');
    expect(decodeHeaderPath('a.\\0', '.')).toEqual(['a', '0']);
    expect(decodeHeaderPath('0.1', '.')).toEqual(['0', 1]);
    expect(decodeHeaderPath('a.007', '.')).toEqual(['a', '007']);
  });

  it('keeps unknown backslashes of foreign headers literally', () => {
    expect(decodeHeaderPath('C:\\dir', '.')).toEqual(['C:\\dir']);
  });

  it('handles multi-character separators and empty keys', () => {
    expect(encodeHeaderPath(['a__b', '', 'c'], '__')).toBe('a\\_\\_b____c');
    expect(decodeHeaderPath('a\\_\\_b____c', '__')).toEqual(['a__b', '', 'c']);
  });

  it('round-trips any path', () => {
    const segment = fc.oneof(fc.string(), fc.nat({ max: 50 }));
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(segment, { maxLength: 5 }),
        fc.constantFrom('.', '/', '__', '.:'),
        (first, rest, sep) => {
          const path: PathSegment[] = [first, ...rest];
          expect(decodeHeaderPath(encodeHeaderPath(path, sep), sep)).toEqual(path);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
