import { NOTIFICATION_DATE_MARK } from '@unnest/contracts';
import type { NoticeContent } from '../notifications/service.js';

/** Money as a receipt shows it: 2,499.00 INR. */
export function formatAmount(amount: number, currency: string): string {
  return `${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/** The receipt of one verified payment (a notification, and its e-mail). */
export function receiptNotice(
  receipt: {
    item: string;
    amount: number;
    currency: string;
    orderId: string;
    paymentId: string;
    at: Date;
    testMode: boolean;
  },
  receiptPath: string,
): NoticeContent {
  const test = receipt.testMode ? 'Test mode: no money moved.\n\n' : '';
  return {
    title: `Your Unnest receipt: ${receipt.item}`,
    body:
      `${test}Thank you for your payment.\n\n` +
      `Item: ${receipt.item}\nAmount: ${formatAmount(receipt.amount, receipt.currency)}\n` +
      `Date: ${receipt.at.toISOString()}\nOrder: ${receipt.orderId}\nPayment: ${receipt.paymentId}`,
    summary: `${receipt.testMode ? 'Test mode: no money moved. ' : ''}You paid ${formatAmount(receipt.amount, receipt.currency)} on ${NOTIFICATION_DATE_MARK}. Open it for the receipt.`,
    date: receipt.at,
    link: receiptPath,
  };
}

/** The reminder that a bought plan ends in a few days. */
export function renewalReminderNotice(planName: string, periodEnd: Date): NoticeContent {
  return {
    title: `Your Unnest ${planName} plan ends soon`,
    body:
      `Your ${planName} plan ends on ${periodEnd.toISOString()}.\n\n` +
      'To keep it, buy the next month on your dashboard. ' +
      'Otherwise your account goes back to the Free plan then, and your files are kept as the Free plan keeps them. ' +
      'To stop these reminders, use Stop Renewal Reminders under Settings, Manage Subscription. Plans never renew by themselves.',
    summary: `It ends on ${NOTIFICATION_DATE_MARK}. To keep it, buy the next month on your dashboard; plans never renew by themselves.`,
    date: periodEnd,
    link: '/dashboard',
  };
}
