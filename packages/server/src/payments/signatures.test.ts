import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutSignature, checkoutSignatureMatches, webhookSignatureMatches } from './signatures.js';

describe('checkout signatures', () => {
  it('is Razorpay’s HMAC-SHA256 of order_id|payment_id', () => {
    const expected = createHmac('sha256', 'secret').update('order_1|pay_1').digest('hex');
    expect(checkoutSignature('secret', 'order_1', 'pay_1')).toBe(expected);
  });

  it('accepts only the exact signature of the exact fields', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (orderId, paymentId, other) => {
        const signature = checkoutSignature('k', orderId, paymentId);
        expect(checkoutSignatureMatches('k', orderId, paymentId, signature)).toBe(true);
        if (other !== signature) expect(checkoutSignatureMatches('k', orderId, paymentId, other)).toBe(false);
        expect(checkoutSignatureMatches('other key', orderId, paymentId, signature)).toBe(false);
      }),
    );
  });
});

describe('webhook signatures', () => {
  it('checks the raw bytes, so re-serialised JSON does not match', () => {
    const raw = Buffer.from('{"event": "order.paid"}');
    const signature = createHmac('sha256', 'wh').update(raw).digest('hex');
    expect(webhookSignatureMatches('wh', raw, signature)).toBe(true);
    expect(webhookSignatureMatches('wh', Buffer.from('{"event":"order.paid"}'), signature)).toBe(false);
    expect(webhookSignatureMatches('wh', raw, undefined)).toBe(false);
    expect(webhookSignatureMatches('wh', raw, signature.slice(1))).toBe(false);
  });
});
