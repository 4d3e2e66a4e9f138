import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecordsPath, recordsPathSegment } from './records-path.js';

describe('parseRecordsPath', () => {
  it('splits plain paths at every dot', () => {
    expect(parseRecordsPath('data.items')).toEqual(['data', 'items']);
    expect(parseRecordsPath('a.0.b')).toEqual(['a', '0', 'b']);
    expect(parseRecordsPath('items')).toEqual(['items']);
  });

  it('reads an escaped dot or backslash as part of a key', () => {
    expect(parseRecordsPath(String.raw`data\.v2.items`)).toEqual(['data.v2', 'items']);
    expect(parseRecordsPath(String.raw`a\\.b`)).toEqual(['a\\', 'b']);
    expect(parseRecordsPath(String.raw`a\\\.b`)).toEqual(['a\\.b']);
  });

  it('keeps a backslash before anything else', () => {
    expect(parseRecordsPath(String.raw`C:\data.items`)).toEqual(['C:\\data', 'items']);
  });
});

describe('recordsPathSegment', () => {
  it('escapes dots and backslashes', () => {
    expect(recordsPathSegment('data.v2')).toBe(String.raw`data\.v2`);
    expect(recordsPathSegment('a\\b')).toBe(String.raw`a\\b`);
    expect(recordsPathSegment('7')).toBe('7');
  });

  it('writes any keys as a path that reads back as them', () => {
    const key = fc.string({ unit: fc.constantFrom('.', '\\', '0', '1', 'a') });
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 4 }), (keys) => {
        expect(parseRecordsPath(keys.map(recordsPathSegment).join('.'))).toEqual(keys);
      }),
      { numRuns: 1000 },
    );
  });
});
