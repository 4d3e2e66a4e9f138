import { describe, expect, it } from 'vitest';
import { dateFormat, resolveDateFormats } from './date-format.js';
import { DistinctCounter } from './distinct-counter.js';
import { beyondDoublePrecision } from './number-precision.js';
import { valueSemantic } from './semantic-types.js';
import { hashKey, hashText } from './value-hash.js';

describe('beyondDoublePrecision', () => {
  it('flags literals a double cannot hold exactly, by value not by spelling', () => {
    for (const text of ['12345678901234567890', '0.1000000000000000055', '1e400', '9007199254740993']) {
      expect(beyondDoublePrecision(text), text).toBe(true);
    }
    for (const text of ['1.50', '1e2', '-0', '9007199254740992', '0.1', '123456789012345', '1.0000000000000000']) {
      expect(beyondDoublePrecision(text), text).toBe(false);
    }
  });

  it("takes a double's own 17-digit text (as %.17g writes it) for what it is: the same double", () => {
    for (const text of ['1.4099999999999999', '0.10000000000000001', '-2.2999999999999998', '1.0000000000000002e-7']) {
      expect(beyondDoublePrecision(text), text).toBe(false);
    }
    // One digit off the double's 17-digit text, or more digits than a double is ever written with: beyond.
    for (const text of ['1.4099999999999998', '1.40999999999999992', '0.30000000000000009']) {
      expect(beyondDoublePrecision(text), text).toBe(true);
    }
  });
});

describe('dateFormat', () => {
  it('names formats and tells day from month only when a number says so', () => {
    expect(dateFormat('2024-01-02')).toBe('YYYY-MM-DD');
    expect(dateFormat('2024-01-02T03:04:05.678+05:30')).toBe('YYYY-MM-DDTHH:mm:ss.SSS±HH:mm');
    expect(dateFormat('2024-01-02 03:04')).toBe('YYYY-MM-DD HH:mm');
    expect(dateFormat('13/02/2024')).toBe('DD/MM/YYYY');
    expect(dateFormat('02/13/2024')).toBe('MM/DD/YYYY');
    expect(dateFormat('02.03.2024')).toBe('NN.NN.YYYY');
    expect(dateFormat('Jan 5, 2024')).toBe('MMM D, YYYY');
    expect(dateFormat('23:59:01')).toBe('HH:mm:ss');
    expect(dateFormat('2024-13-01')).toBeNull();
    expect(dateFormat('hello')).toBeNull();
  });

  it('folds ambiguous dates into the unambiguous format of the column', () => {
    const counts = new Map([
      ['NN/NN/YYYY', 3],
      ['DD/MM/YYYY', 1],
    ]);
    expect([...resolveDateFormats(counts)]).toEqual([['DD/MM/YYYY', 4]]);
    expect([...resolveDateFormats(new Map([['NN/NN/YYYY', 2]]))]).toEqual([['DD/MM/YYYY or MM/DD/YYYY', 2]]);
  });
});

describe('valueSemantic', () => {
  it('recognises each type and leaves plain text alone', () => {
    expect(valueSemantic('string', '10.0.0.1')).toBe('ip_address');
    expect(valueSemantic('string', '::1')).toBe('ip_address');
    expect(valueSemantic('string', '1:2:3')).toBeNull();
    expect(valueSemantic('string', '+49 30 1234567')).toBe('phone');
    expect(valueSemantic('string', '1234567')).toBeNull();
    expect(valueSemantic('string', '1,234.00 EUR')).toBe('currency');
    expect(valueSemantic('number', '1')).toBe('boolean_like');
    expect(valueSemantic('number', '2')).toBeNull();
    expect(valueSemantic('string', 'gb')).toBeNull();
    expect(valueSemantic('string', 'hello world')).toBeNull();
  });
});

describe('DistinctCounter', () => {
  it('is exact up to the limit, then estimates', () => {
    const counter = new DistinctCounter();
    for (let k = 0; k < 1000; k++) counter.add(hashKey(hashText(`v${k % 500}`)));
    expect(counter.count()).toEqual({ estimate: 500, exact: true });
    for (let k = 0; k < 100_000; k++) counter.add(hashKey(hashText(`w${k}`)));
    const { estimate, exact } = counter.count();
    expect(exact).toBe(false);
    expect(Math.abs(estimate - 100_500) / 100_500).toBeLessThan(0.05);
  });

  it('never estimates more distinct values than values counted', () => {
    for (const n of [1025, 1100, 1500, 2000, 3000, 5000, 8000, 20_000]) {
      const counter = new DistinctCounter();
      for (let k = 0; k < n; k++) counter.add(hashKey(hashText(`id-${k}`)));
      expect(counter.count().estimate, String(n)).toBeLessThanOrEqual(n);
    }
  });
});
