import { type Static, Type } from 'typebox';

/** Plan ids the product knows (spec section 3); `free` is every new account's plan. */
export const PLAN_IDS = ['free', 'starter', 'professional', 'business', 'enterprise'] as const;
/** One of the plan ids. */
export type PlanId = (typeof PLAN_IDS)[number];

/** Whether a string names a known plan. */
export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** Currencies the catalogue is priced in; INR is the dashboard's. */
export const CURRENCIES = ['INR', 'USD'] as const;
/** One currency. */
export type Currency = (typeof CURRENCIES)[number];

const prices = Type.Object(
  { INR: Type.Number(), USD: Type.Number() },
  { description: 'monthly price per currency, in whole units' },
);
const unlimitedNote = '-1 means unlimited';

/** A plan as GET /api/payments/plans serves it: limits from the spec's feature comparison table. */
export const Plan = Type.Object({
  id: Type.Enum([...PLAN_IDS]),
  name: Type.String(),
  price: Type.Union([Type.Number(), Type.Null()], {
    description: 'INR charged for the first month now (half while the first-50 offer lasts); null: priced on request',
  }),
  original_price: Type.Union([Type.Number(), Type.Null()], { description: 'regular monthly INR price' }),
  currency: Type.Literal('INR'),
  prices: Type.Union([prices, Type.Null()]),
  popular: Type.Boolean(),
  file_size_limit_mb: Type.Integer({ description: unlimitedNote }),
  conversions_per_day: Type.Integer({ description: unlimitedNote }),
  api_calls_per_month: Type.Integer({ description: unlimitedNote }),
  batch_size: Type.Integer({ description: `files per batch; 0 means no batch processing, ${unlimitedNote}` }),
  storage_gb: Type.Number({ description: unlimitedNote }),
  retention_hours: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no maximum' }),
  conversion_time_limit_seconds: Type.Integer({
    description: 'longest a conversion may run before it is stopped (its bytes removed, what paid for it given back)',
  }),
  formats: Type.Array(Type.String(), { description: 'output formats (json is CSV to JSON)' }),
  speed: Type.String(),
  support: Type.String(),
  features: Type.Array(Type.String()),
});
export type Plan = Static<typeof Plan>;

/** A pack of conversion credits (prices per currency). */
export const CreditPack = Type.Object({
  id: Type.String(),
  name: Type.String(),
  conversions: Type.Integer(),
  prices,
  price_per_conversion: prices,
  savings_percent: Type.Integer(),
  popular: Type.Boolean(),
});
export type CreditPack = Static<typeof CreditPack>;

/** How this server takes payments: Razorpay, its own test-mode checkout, or not at all. */
export const PAYMENT_MODES = ['razorpay', 'test', 'off'] as const;
/** One payment mode. */
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** How the web app should open a checkout, from GET /api/payments/plans. */
export const CheckoutSettings = Type.Object({
  mode: Type.Enum([...PAYMENT_MODES]),
  key_id: Type.Union([Type.String(), Type.Null()], { description: 'Razorpay key id; null unless mode is razorpay' }),
});
export type CheckoutSettings = Static<typeof CheckoutSettings>;

/** The first-50-users offer: 50% off the first month, applied automatically. */
export const First50Offer = Type.Object({
  active: Type.Boolean(),
  slots_total: Type.Integer(),
  slots_left: Type.Integer(),
  discount_percent: Type.Integer(),
  applies_to: Type.Literal('first_month'),
});
export type First50Offer = Static<typeof First50Offer>;

/** GET /api/payments/plans (no sign-in needed). */
export const PlansResponse = Type.Object({
  plans: Type.Array(Plan),
  credit_packs: Type.Array(CreditPack),
  first_50_users: First50Offer,
  checkout: CheckoutSettings,
  sales_email: Type.Union([Type.String(), Type.Null()], {
    description: 'where Enterprise enquiries go (the server’s SALES_EMAIL); null when none is configured',
  }),
});
export type PlansResponse = Static<typeof PlansResponse>;

/**
 * What a catalogue plan is to the signed-in account, decided by the server from the catalogue's order:
 * its current plan, an upgrade (starts at once) or a downgrade (refused while a higher plan is paid for).
 */
export const PlanChoice = Type.Object({
  plan_id: Type.Enum([...PLAN_IDS]),
  change: Type.Enum(['current', 'upgrade', 'downgrade']),
  can_buy: Type.Boolean({
    description: 'whether create-order takes it now (the current plan: the next month, while one runs)',
  }),
  first_month_discount: Type.Boolean({
    description: 'whether an order now is priced with the first-50 discount (honoured or not at capture)',
  }),
  available_from: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'a downgrade: when the paid month of the current plan ends (null: an operator’s plan)',
  }),
});
export type PlanChoice = Static<typeof PlanChoice>;

/** GET /api/payments/user-subscription (spec section 3, plus what the limits screens need). */
export const SubscriptionResponse = Type.Object({
  plan: Type.Enum([...PLAN_IDS]),
  plan_name: Type.String(),
  is_premium: Type.Boolean(),
  conversions_used: Type.Integer({ description: 'in the last 24 hours' }),
  conversions_limit: Type.Integer({ description: unlimitedNote }),
  storage_used: Type.Number({ description: 'GB' }),
  storage_limit: Type.Number({ description: `GB, ${unlimitedNote}` }),
  file_size_limit_mb: Type.Integer({ description: unlimitedNote }),
  retention_hours: Type.Union([Type.Integer(), Type.Null()]),
  conversion_time_limit_seconds: Type.Integer({ description: 'longest a conversion may run before it is stopped' }),
  formats: Type.Array(Type.String()),
  batch_size: Type.Integer(),
  credits: Type.Integer({ description: 'conversion credits left (they never expire)' }),
  period_end: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'end of the bought plan’s current month; null on Free or an operator-given plan',
  }),
  renews: Type.Boolean({ description: 'whether renewal reminders go out (false after cancel)' }),
  plan_choices: Type.Array(PlanChoice, { description: 'each catalogue plan, in the catalogue’s order' }),
});
export type SubscriptionResponse = Static<typeof SubscriptionResponse>;
