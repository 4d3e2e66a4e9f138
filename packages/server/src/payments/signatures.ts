import { createHmac, timingSafeEqual } from 'node:crypto';

/** Razorpay's checkout signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Whether `given` is the checkout signature of this order and payment, compared in constant time. */
export function checkoutSignatureMatches(
  keySecret: string,
  orderId: string,
  paymentId: string,
  given: string,
): boolean {
  return hexEquals(checkoutSignature(keySecret, orderId, paymentId), given);
}

/** Whether `given` (X-Razorpay-Signature) is the hex HMAC-SHA256 of the raw body with the webhook secret. */
export function webhookSignatureMatches(webhookSecret: string, rawBody: Buffer, given: string | undefined): boolean {
  if (given === undefined) return false;
  return hexEquals(createHmac('sha256', webhookSecret).update(rawBody).digest('hex'), given);
}

/** Constant-time equality of two hex digests; a different length is a mismatch, told without comparing. */
function hexEquals(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
