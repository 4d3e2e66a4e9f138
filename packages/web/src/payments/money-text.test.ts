import { describe, expect, it } from 'vitest';
import { paymentStatusText } from './money-text';

describe('paymentStatusText', () => {
  it('tells a partly refunded payment from a refunded one', () => {
    expect(paymentStatusText('paid')).toBe('Paid');
    expect(paymentStatusText('partially_refunded')).toBe('Partly refunded');
    expect(paymentStatusText('refunded')).toBe('Refunded');
  });
});
