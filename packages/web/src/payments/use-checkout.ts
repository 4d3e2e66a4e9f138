import { useQueryClient } from '@tanstack/react-query';
import type { CheckoutResult, Currency } from '@unnest/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { refreshSession } from '../lib/api-client';
import { errorText } from '../lib/api-error';
import { useSession } from '../lib/session';
import { confirmCheckout } from './api/confirm-checkout';
import { createPlanOrder } from './api/create-order';
import { createPackOrder } from './api/pay-per-use';
import { CheckoutClosed, openRazorpayCheckout } from './razorpay-checkout';

type Kind = 'plan' | 'credits';

/**
 * After a verified payment: a plan changes the token's claims, so the session is renewed; every figure
 * is reloaded, and the dashboard shows what the server recorded (not what the address says).
 */
export function useFinishPurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (kind: Kind, result: CheckoutResult) => {
      await confirmCheckout(kind, result);
      if (kind === 'plan') await refreshSession();
      await queryClient.invalidateQueries();
      navigate('/dashboard?payment=success', { replace: true });
    },
    [queryClient, navigate],
  );
}

/**
 * Buying (spec 4, Plan purchase and Credit purchase): create the order, open the checkout, verify
 * its result. In test mode the checkout is the server's own page, which returns to /payments/return.
 */
export function useCheckout() {
  const { user } = useSession();
  const finish = useFinishPurchase();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const buy = useCallback(
    async (kind: Kind, itemId: string, currency: Currency, description: string) => {
      if (!user) return;
      setPending(true);
      setError(null);
      let stage: 'order' | 'checkout' | 'verify' = 'order';
      try {
        const order =
          kind === 'plan'
            ? await createPlanOrder(itemId, currency).then((o) => ({ ...o, order_id: o.id, key: o.key_id }))
            : await createPackOrder(itemId, currency).then((o) => ({ ...o, key: o.razorpay_key }));
        if (order.checkout_url) {
          window.location.assign(order.checkout_url);
          return;
        }
        stage = 'checkout';
        const result = await openRazorpayCheckout({
          orderId: order.order_id,
          amount: order.amount,
          currency: order.currency,
          keyId: order.key ?? '',
          description,
          user,
        });
        stage = 'verify';
        await finish(kind, result);
      } catch (caught) {
        if (caught instanceof CheckoutClosed && caught.reason === 'dismissed') setError(null);
        else if (stage === 'order') setError(errorText(caught, 'Failed to create payment order'));
        else if (stage === 'checkout') setError('Payment failed.');
        else setError(errorText(caught, kind === 'plan' ? 'Payment verification failed' : 'Payment completion failed'));
      } finally {
        setPending(false);
      }
    },
    [user, finish],
  );

  return { buy, pending, error, clearError: () => setError(null) };
}
