import { describe, expect, it } from 'vitest';
import { successRateText } from './success-rate-text';

describe('the success rate shown', () => {
  it('is a percentage of the attempts, and no rate before the first attempt or while loading', () => {
    expect(successRateText({ successRate: 50, totalConversions: 2 })).toBe('50.0%');
    expect(successRateText({ successRate: 100 / 3, totalConversions: 3 })).toBe('33.3%');
    expect(successRateText({ successRate: 0, totalConversions: 0 })).toBe('–');
    expect(successRateText(undefined)).toBe('–');
  });
});
