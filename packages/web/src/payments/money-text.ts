import { priceText } from '../lib/plan-limits';

/** An amount in the currency's smallest unit (as the API gives it) as a price. */
export function moneyText(amount: number, currency: 'INR' | 'USD'): string {
  return priceText(amount / 100, currency);
}

/** A payment's state as the history and the receipt say it. */
export function paymentStatusText(status: 'paid' | 'partially_refunded' | 'refunded'): string {
  return { paid: 'Paid', partially_refunded: 'Partly refunded', refunded: 'Refunded' }[status];
}
