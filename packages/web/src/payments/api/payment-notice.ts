import type { PaymentNotice } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** GET /api/payments/notice: the newest payment whose success has not been shown (null: none). */
export function getPaymentNotice(): Promise<PaymentNotice> {
  return apiJson<PaymentNotice>('/api/payments/notice', { fallbackError: 'Failed to load your latest payment' });
}

/** POST /api/payments/notice/acknowledge: this payment's success was shown and is not shown again. */
export function acknowledgePayment(paymentId: string): Promise<PaymentNotice> {
  return apiJson<PaymentNotice>('/api/payments/notice/acknowledge', {
    method: 'POST',
    json: { payment_id: paymentId },
    fallbackError: 'Failed to acknowledge the payment',
  });
}
