import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiMonth } from './metering.js';

describe('apiMonth', () => {
  it('names the UTC calendar month and ends it at 00:00 UTC on the 1st of the next', () => {
    expect(apiMonth(new Date('2026-11-24T05:00:00Z'))).toEqual({
      month: '2026-11',
      resetAt: new Date('2026-12-01T00:00:00Z'),
    });
    expect(apiMonth(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      month: '2026-12',
      resetAt: new Date('2027-01-01T00:00:00Z'),
    });
    // Already the 1st in UTC while still the 31st west of Greenwich.
    expect(apiMonth(new Date('2027-01-01T00:00:00Z')).month).toBe('2027-01');
  });

  it('holds every instant in exactly one month, which ends after it and where the next begins', () => {
    const instants = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2200-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, (at) => {
        const { month, resetAt } = apiMonth(at);
        expect(month).toBe(at.toISOString().slice(0, 7));
        expect(resetAt.getTime()).toBeGreaterThan(at.getTime());
        expect(apiMonth(new Date(resetAt.getTime() - 1)).month).toBe(month);
        expect(apiMonth(resetAt).month).not.toBe(month);
        expect(resetAt.toISOString()).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
      }),
    );
  });
});
