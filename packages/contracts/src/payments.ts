import { type Static, Type } from 'typebox';
import { CURRENCIES, PLAN_IDS } from './plans.js';

const currency = Type.Enum([...CURRENCIES], { default: 'INR' });
const smallestUnit = Type.Integer({ description: 'in the currency’s smallest unit (paise, cents)' });
const checkoutUrl = Type.Union([Type.String(), Type.Null()], {
  description: 'test mode: the server’s own checkout page (“Test mode: no money moves”); null with Razorpay',
});

/**
 * POST /api/payments/create-order. The spec's client sends `amount` too: that and any other
 * field are taken and ignored (the catalogue prices the order), not refused.
 */
export const CreateOrderRequest = Type.Object(
  {
    plan_id: Type.String({ maxLength: 40 }),
    currency: Type.Optional(currency),
  },
  { additionalProperties: true },
);
export type CreateOrderRequest = Static<typeof CreateOrderRequest>;

export const CreateOrderResponse = Type.Object({
  id: Type.String({ description: 'the order id the checkout pays' }),
  amount: smallestUnit,
  currency: Type.Enum([...CURRENCIES]),
  key_id: Type.Union([Type.String(), Type.Null()], { description: 'Razorpay key id; null in test mode' }),
  test_mode: Type.Boolean(),
  checkout_url: checkoutUrl,
  discount_percent: Type.Integer({ description: 'first-50 discount applied to this order (0 or 50)' }),
});
export type CreateOrderResponse = Static<typeof CreateOrderResponse>;

/**
 * POST /api/payments/pay-per-use. The spec's client sends `conversions` and `amount` too: those and any other
 * field are taken and ignored (the pack prices the order), not refused.
 */
export const PayPerUseRequest = Type.Object(
  {
    package_id: Type.String({ maxLength: 40 }),
    currency: Type.Optional(currency),
  },
  { additionalProperties: true },
);
export type PayPerUseRequest = Static<typeof PayPerUseRequest>;

export const PayPerUseResponse = Type.Object({
  razorpay_key: Type.Union([Type.String(), Type.Null()], { description: 'Razorpay key id; null in test mode' }),
  amount: smallestUnit,
  currency: Type.Enum([...CURRENCIES]),
  order_id: Type.String(),
  test_mode: Type.Boolean(),
  checkout_url: checkoutUrl,
});
export type PayPerUseResponse = Static<typeof PayPerUseResponse>;

const field = Type.String({ minLength: 1, maxLength: 200 });
/**
 * The checkout's signed result (Razorpay's or the test-mode page's), as verify and complete-payment take it:
 * the provider's object forwarded unchanged (spec), so fields beyond the signed three are taken and ignored.
 */
export const CheckoutResult = Type.Object(
  {
    razorpay_order_id: field,
    razorpay_payment_id: field,
    razorpay_signature: field,
  },
  { additionalProperties: true },
);
export type CheckoutResult = Static<typeof CheckoutResult>;

/** What a verified checkout granted (the same answer when it is verified again). */
export const PaymentConfirmation = Type.Object({
  success: Type.Literal(true),
  kind: Type.Enum(['plan', 'credits']),
  plan: Type.Union([Type.Enum([...PLAN_IDS]), Type.Null()]),
  period_end: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  credits: Type.Integer({ description: 'the account’s balance now' }),
});
export type PaymentConfirmation = Static<typeof PaymentConfirmation>;

/** One payment in the history, and its receipt. */
export const PaymentRecord = Type.Object({
  id: Type.String(),
  kind: Type.Enum(['plan', 'credits']),
  item_id: Type.String(),
  item_name: Type.String(),
  amount: smallestUnit,
  regular_amount: smallestUnit,
  currency: Type.Enum([...CURRENCIES]),
  order_id: Type.String(),
  payment_id: Type.String(),
  test_mode: Type.Boolean(),
  status: Type.Enum(['paid', 'partially_refunded', 'refunded']),
  credits: Type.Integer({ description: 'credits the payment added (0 for a plan)' }),
  created_at: Type.String({ format: 'date-time' }),
  refunded_amount: Type.Union([smallestUnit, Type.Null()], { description: 'total refunded so far' }),
  refunded_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type PaymentRecord = Static<typeof PaymentRecord>;

/** GET /api/payments/history, newest first. */
export const PaymentHistory = Type.Object({ payments: Type.Array(PaymentRecord) });
export type PaymentHistory = Static<typeof PaymentHistory>;

/** POST /api/payments/cancel and /api/payments/resume. */
export const RenewalState = Type.Object({
  plan: Type.Enum([...PLAN_IDS]),
  period_end: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  renews: Type.Boolean(),
});
export type RenewalState = Static<typeof RenewalState>;

/**
 * GET /api/payments/notice: the account's newest payment whose success the dashboard has not shown
 * yet (null when there is none). The dashboard's success banner says only what this says.
 */
export const PaymentNotice = Type.Object({
  notice: Type.Union([
    Type.Object({
      payment_id: Type.String(),
      kind: Type.Enum(['plan', 'credits']),
      item_name: Type.String(),
      plan: Type.Union([Type.Enum([...PLAN_IDS]), Type.Null()]),
      plan_name: Type.Union([Type.String(), Type.Null()]),
      granted_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'end of the plan time this payment bought (null for credits)',
      }),
      period_end: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'end of the running plan now (null for credits or when it has ended)',
      }),
      full_month: Type.Boolean({
        description: 'false when a first-50 price was paid after the 50 places were taken: it bought part of a month',
      }),
      credits_added: Type.Integer(),
      credits: Type.Integer({ description: 'the account’s balance now' }),
      test_mode: Type.Boolean(),
    }),
    Type.Null(),
  ]),
});
export type PaymentNotice = Static<typeof PaymentNotice>;

/** POST /api/payments/notice/acknowledge: the banner for this payment was shown. */
export const AcknowledgePaymentRequest = Type.Object({ payment_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type AcknowledgePaymentRequest = Static<typeof AcknowledgePaymentRequest>;
