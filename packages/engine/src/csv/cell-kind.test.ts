import { describe, expect, it } from 'vitest';
import { CELL_DOUBLED, CELL_QUOTED } from './cell-flags.js';
import {
  cellKind,
  KIND_FALSE,
  KIND_GUARDED_STRING,
  KIND_JSON,
  KIND_NULL,
  KIND_NUMBER,
  KIND_STRING,
  KIND_TRUE,
} from './cell-kind.js';

const typed = { types: true, excelSafe: false };
const kind = (text: string, flags = 0, rules = typed) => {
  const bytes = new TextEncoder().encode(text);
  return cellKind(bytes, 0, bytes.length, flags, rules);
};

describe('cellKind', () => {
  it('types unquoted cells only', () => {
    expect(kind('')).toBe(KIND_NULL);
    expect(kind('12345678901234567890')).toBe(KIND_NUMBER);
    expect(kind('true')).toBe(KIND_TRUE);
    expect(kind('false')).toBe(KIND_FALSE);
    expect(kind('True')).toBe(KIND_STRING);
    expect(kind('null')).toBe(KIND_STRING);
    expect(kind('007')).toBe(KIND_STRING);
    expect(kind('')).toBe(KIND_NULL);
    expect(kind('', CELL_QUOTED)).toBe(KIND_STRING);
    expect(kind('12', CELL_QUOTED)).toBe(KIND_STRING);
    expect(kind('true', CELL_QUOTED)).toBe(KIND_STRING);
  });

  it('reads JSON array and object text as JSON, quoted or not', () => {
    expect(kind('[]')).toBe(KIND_JSON);
    expect(kind('{}', CELL_QUOTED)).toBe(KIND_JSON);
    expect(kind('[1,""a""]', CELL_QUOTED | CELL_DOUBLED)).toBe(KIND_JSON);
    expect(kind('[1,')).toBe(KIND_STRING);
  });

  it('keeps everything a string without types', () => {
    const untyped = { types: false, excelSafe: false };
    for (const text of ['', '1', 'true', '[]']) expect(kind(text, 0, untyped)).toBe(KIND_STRING);
  });

  it('recognises the spreadsheet guard only where json2csv adds it', () => {
    const guarded = { types: true, excelSafe: true };
    for (const text of ["'=1", "'+a", "'-a1", "'@a", "'\tx", "'\rx", "''=1"])
      expect(kind(text, 0, guarded), text).toBe(KIND_GUARDED_STRING);
    for (const text of ["'a", "'+1", "'-1.5", "'+49 30 1234567", "''a"])
      expect(kind(text, 0, guarded), text).toBe(KIND_STRING);
    expect(kind("'", 0, guarded)).toBe(KIND_STRING);
    expect(kind("'=1", 0, typed)).toBe(KIND_STRING);
  });
});
