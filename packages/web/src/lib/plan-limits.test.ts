import { describe, expect, it } from 'vitest';
import { conversionTimeText } from './plan-limits';

describe('conversionTimeText', () => {
  it('says a plan time limit in its largest whole unit', () => {
    expect(conversionTimeText(1)).toBe('1 second');
    expect(conversionTimeText(90)).toBe('90 seconds');
    expect(conversionTimeText(120)).toBe('2 minutes');
    expect(conversionTimeText(3600)).toBe('1 hour');
    expect(conversionTimeText(21_600)).toBe('6 hours');
  });
});
