import type { CheckoutResult, PaymentConfirmation } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/**
 * The checkout's signed result, checked by the server: POST /api/payments/verify for a plan,
 * /api/payments/complete-payment for credits (spec 4). Checking twice grants nothing more.
 */
export function confirmCheckout(kind: 'plan' | 'credits', result: CheckoutResult): Promise<PaymentConfirmation> {
  return apiJson<PaymentConfirmation>(kind === 'plan' ? '/api/payments/verify' : '/api/payments/complete-payment', {
    method: 'POST',
    json: result,
    fallbackError: 'Payment verification failed',
  });
}
