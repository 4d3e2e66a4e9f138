import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardFormula, unguardFormula } from './formula-guard.js';

describe('guardFormula', () => {
  it('puts a quote before text a spreadsheet would run', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-x', '@me', '\tx', '\rx', '='])
      expect(guardFormula(text), text).toBe(`'${text}`);
  });

  it('leaves other text alone', () => {
    for (const text of ['', 'a=b', ' =x', "'=x", '1', 'x-']) expect(guardFormula(text), text).toBe(text);
  });
});

describe('unguardFormula', () => {
  it('drops only a guard before a formula start', () => {
    expect(unguardFormula("'=SUM(1)")).toBe('=SUM(1)');
    expect(unguardFormula("'\tx")).toBe('\tx');
    expect(unguardFormula("'plain")).toBe("'plain");
    expect(unguardFormula("'")).toBe("'");
    expect(unguardFormula('=x')).toBe('=x');
  });

  it('undoes the guard on any text that does not itself start with a guard', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ') }), (text) => {
        fc.pre(unguardFormula(text) === text);
        expect(unguardFormula(guardFormula(text))).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});
