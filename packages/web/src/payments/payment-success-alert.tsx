import Alert from '@mui/material/Alert';
import type { PaymentNotice } from '@unnest/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '../lib/format-date';
import { acknowledgePayment, getPaymentNotice } from './api/payment-notice';

type Notice = NonNullable<PaymentNotice['notice']>;

/** What the banner says: only what the server recorded for this payment. */
export function paymentNoticeText(notice: Notice): string {
  if (notice.kind === 'credits') {
    return `Payment successful. Your balance is now ${notice.credits} conversion credit${notice.credits === 1 ? '' : 's'}.`;
  }
  const until = notice.period_end ? ` until ${formatDate(notice.period_end)}` : '';
  const part = notice.full_month
    ? ''
    : ' The 50 first-month places were taken before this payment was captured, so it bought the part of a month its amount pays for at the regular price.';
  return `Payment successful. You are on the ${notice.plan_name ?? ''} plan${until}.${part}`;
}

/**
 * The dashboard's payment success banner. It shows the account's newest payment the server recorded
 * and has not shown yet, once: it is acknowledged as soon as it is shown, and `?payment=success` (which
 * only says that a checkout came back here) leaves the address, so a reload shows nothing.
 */
export function PaymentSuccessAlert() {
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<Notice | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (!params.has('payment') && !params.has('kind')) return;
    const rest = new URLSearchParams(params);
    rest.delete('payment');
    rest.delete('kind');
    setParams(rest, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    getPaymentNotice()
      .then(async ({ notice: latest }) => {
        if (!latest) return;
        setNotice(latest);
        await acknowledgePayment(latest.payment_id);
      })
      // The banner is a courtesy: the payment history and the balance say the same when it cannot load.
      .catch(() => undefined);
  }, []);

  if (!notice) return null;
  return (
    <Alert severity="success" onClose={() => setNotice(null)}>
      {paymentNoticeText(notice)}
    </Alert>
  );
}
