import type { CheckoutResult } from '@unnest/contracts';

/** Razorpay's checkout script, served by Razorpay; loaded only while signed in with keys configured. */
export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  theme: { color: string };
  handler: (result: CheckoutResult) => void;
  modal: { ondismiss: () => void };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', listener: () => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

/** Why a checkout ended without a result. */
export class CheckoutClosed extends Error {
  constructor(readonly reason: 'dismissed' | 'failed') {
    super(reason === 'failed' ? 'Payment failed.' : 'Payment cancelled.');
  }
}

/** An order as the checkout needs it. */
export interface CheckoutOrder {
  orderId: string;
  amount: number;
  currency: string;
  keyId: string;
  description: string;
  user: { userId: string; email: string };
}

/**
 * Opens Razorpay's checkout modal (spec 7.1: product label, '{n} conversion credits', the user's id
 * and e-mail prefilled, orange theme) and resolves with the signed result.
 */
export function openRazorpayCheckout(order: CheckoutOrder): Promise<CheckoutResult> {
  const Razorpay = window.Razorpay;
  if (!Razorpay) return Promise.reject(new CheckoutClosed('failed'));
  return new Promise((resolve, reject) => {
    const checkout = new Razorpay({
      key: order.keyId,
      amount: order.amount,
      currency: order.currency,
      order_id: order.orderId,
      name: 'Unnest',
      description: order.description,
      prefill: { name: order.user.userId, email: order.user.email },
      theme: { color: '#f57c00' },
      handler: resolve,
      modal: { ondismiss: () => reject(new CheckoutClosed('dismissed')) },
    });
    checkout.on('payment.failed', () => reject(new CheckoutClosed('failed')));
    checkout.open();
  });
}
