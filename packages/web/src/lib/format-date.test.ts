import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

// The tests run in en-US (Node's default locale here) and in the machine's zone, UTC.
describe('the one date format', () => {
  it('writes a moment as a medium date with its time', () => {
    expect(formatDateTime('2026-11-27T17:05:00Z')).toBe('Nov 27, 2026, 5:05 PM');
  });

  it('writes a day in the same style, never 11/27/2026', () => {
    expect(formatDate('2026-11-27T17:05:00Z')).toBe('Nov 27, 2026');
    expect(formatDate('2026-12-01T00:00:00Z', { utc: true })).toBe('Dec 1, 2026');
  });

  it('gives back text it cannot read as it came', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
  });
});
