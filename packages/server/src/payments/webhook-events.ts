import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

const Payment = Type.Object({
  id: Type.String(),
  order_id: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
});
const Refund = Type.Object({ id: Type.String(), payment_id: Type.String(), amount: Type.Integer() });

/** The Razorpay webhook events Unnest acts on, with the fields it reads (others are ignored). */
export const WebhookEvent = Type.Union([
  Type.Object({
    event: Type.Enum(['payment.captured', 'order.paid', 'payment.failed']),
    payload: Type.Object({ payment: Type.Object({ entity: Payment }) }),
  }),
  Type.Object({
    event: Type.Literal('refund.processed'),
    payload: Type.Object({ refund: Type.Object({ entity: Refund }), payment: Type.Object({ entity: Payment }) }),
  }),
]);
export type WebhookEvent = Static<typeof WebhookEvent>;

/**
 * Reads a webhook body whose signature was already checked: the event when it is one Unnest acts on,
 * undefined for any other event (acknowledged and ignored, as Razorpay expects), or 'malformed'.
 */
export function readWebhookEvent(rawBody: Buffer): WebhookEvent | 'malformed' | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return 'malformed';
  }
  if (Value.Check(WebhookEvent, body)) return body;
  const named = typeof body === 'object' && body !== null && 'event' in body ? String(body.event) : undefined;
  return named === undefined ||
    !['payment.captured', 'order.paid', 'payment.failed', 'refund.processed'].includes(named)
    ? undefined
    : 'malformed';
}
