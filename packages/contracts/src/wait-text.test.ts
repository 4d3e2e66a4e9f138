import { describe, expect, it } from 'vitest';
import { waitText } from './wait-text.js';

describe('waitText', () => {
  it('says minutes below an hour and hours from one, rounded up, singular or plural', () => {
    expect(waitText(0)).toBe('1 minute');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(59 * 60)).toBe('59 minutes');
    expect(waitText(3600)).toBe('1 hour');
    expect(waitText(3601)).toBe('2 hours');
    expect(waitText(24 * 3600)).toBe('24 hours');
  });
});
