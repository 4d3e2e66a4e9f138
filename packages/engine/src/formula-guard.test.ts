import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardFormula, guardHeaders, unguardFormula } from './formula-guard.js';

describe('guardFormula', () => {
  it('guards text starting with = @ tab or CR, whatever follows', () => {
    for (const text of ['=SUM(A1)', '=', '@SUM(1)', '@me', '\tx', '\t1', '\rx', '=1', '@'])
      expect(guardFormula(text), JSON.stringify(text)).toBe(`'${text}`);
  });

  it('guards + and - before anything that can name a function, a cell, a program or a string', () => {
    for (const text of [
      '-abc',
      '-A1',
      '+A1',
      '-- comment',
      "+1+cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      '-1:3',
      '+1+1',
      '-1*2',
      '-5%',
      '+"x"',
      '-1e5x',
      '+1e5',
      '-١٢', // Arabic-Indic digits: not ASCII, so not known harmless
      '-1\u00a02', // a no-break space
      '-\t1',
    ])
      expect(guardFormula(text), JSON.stringify(text)).toBe(`'${text}`);
  });

  it('leaves numbers and phone-like text after + or - alone', () => {
    for (const text of [
      '-12.5',
      '-0',
      '-1.5E-7',
      '+3',
      '-1,234.56',
      '+49 30 1234567',
      '+1 (555) 010-9999',
      '+49-30-123',
      '+44 20 7946 0958',
      '-',
      '+',
      '--',
      '- 3',
      '12/05/2024',
    ])
      expect(guardFormula(text), JSON.stringify(text)).toBe(text);
  });

  it('leaves other text alone', () => {
    for (const text of ['', 'a=b', ' =x', '1', 'x-', 'plain', "'plain", "'-12.5", "'+49 30 1234567", "'"])
      expect(guardFormula(text), JSON.stringify(text)).toBe(text);
  });

  it("adds a ' to text that already starts with ' before a guarded text, so that undoing is exact", () => {
    expect(guardFormula("'=x")).toBe("''=x");
    expect(guardFormula("''-abc")).toBe("'''-abc");
  });
});

describe('unguardFormula', () => {
  it('drops only the guard the writer adds', () => {
    expect(unguardFormula("'=SUM(1)")).toBe('=SUM(1)');
    expect(unguardFormula("'\tx")).toBe('\tx');
    expect(unguardFormula("'-abc")).toBe('-abc');
    expect(unguardFormula("''=x")).toBe("'=x");
    expect(unguardFormula("'plain")).toBe("'plain");
    expect(unguardFormula("'")).toBe("'");
    expect(unguardFormula('=x')).toBe('=x');
  });

  it("keeps a ' the writer would never have added: before a number or a phone number", () => {
    expect(unguardFormula("'-12.5")).toBe("'-12.5");
    expect(unguardFormula("'+49 30 1234567")).toBe("'+49 30 1234567");
  });

  it('gives back any text from its guarded form', () => {
    const unit = fc.oneof(
      fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ', '1', '.', '(', '|', 'e', 'E', '\u00e9'),
      fc.string({ maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit }), fc.string(), fc.string({ unit: 'binary' })), (text) => {
        expect(unguardFormula(guardFormula(text))).toBe(text);
      }),
      { numRuns: 5000 },
    );
  });

  it('never writes a text starting with = @ tab or CR, nor + or - before a letter', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', '1', ' ') }), (text) => {
        const written = guardFormula(text);
        expect('=@\t\r'.includes(written.charAt(0)) && written !== '').toBe(false);
        expect(/^[+-].*a/.test(written)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('guardHeaders', () => {
  it('counts the names it guards, with the name as the example', () => {
    const report = { cells: 0, examples: [] };
    expect(guardHeaders(['id', '=x', '-abc', '@y'], true, report)).toEqual(['id', "'=x", "'-abc", "'@y"]);
    expect(report).toEqual({
      cells: 3,
      examples: [
        { column: '=x', value: '=x' },
        { column: '-abc', value: '-abc' },
      ],
    });
  });

  it('changes nothing without excelSafe', () => {
    const report = { cells: 0, examples: [] };
    expect(guardHeaders(['=x'], false, report)).toEqual(['=x']);
    expect(report.cells).toBe(0);
  });
});
