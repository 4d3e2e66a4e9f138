import type { MailMessage } from '../platform/mail.js';

/** Money as a receipt shows it: 2,499.00 INR. */
export function formatAmount(amount: number, currency: string): string {
  return `${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/** The receipt e-mail of one verified payment. */
export function receiptMail(
  to: string,
  receipt: {
    item: string;
    amount: number;
    currency: string;
    orderId: string;
    paymentId: string;
    at: Date;
    testMode: boolean;
  },
  receiptUrl: string,
): MailMessage {
  const test = receipt.testMode ? 'Test mode: no money moved.\n\n' : '';
  return {
    to,
    subject: `Your Unnest receipt: ${receipt.item}`,
    text:
      `${test}Thank you for your payment.\n\n` +
      `Item: ${receipt.item}\nAmount: ${formatAmount(receipt.amount, receipt.currency)}\n` +
      `Date: ${receipt.at.toISOString()}\nOrder: ${receipt.orderId}\nPayment: ${receipt.paymentId}\n\n` +
      `Your receipt: ${receiptUrl}\n`,
    outboxNote: `Receipt for ${receipt.item}: ${formatAmount(receipt.amount, receipt.currency)}`,
  };
}

/** The reminder that a bought plan ends in a few days. */
export function renewalReminderMail(to: string, planName: string, periodEnd: Date, dashboardUrl: string): MailMessage {
  return {
    to,
    subject: `Your Unnest ${planName} plan ends on ${periodEnd.toISOString().slice(0, 10)}`,
    text:
      `Your ${planName} plan ends on ${periodEnd.toISOString()}.\n\n` +
      `To keep it, buy the next month on your dashboard: ${dashboardUrl}\n` +
      `Otherwise your account goes back to the Free plan then, and your files are kept as the Free plan keeps them.\n` +
      `To stop these reminders, cancel renewal under Settings, Manage Subscription.\n`,
    outboxNote: `Renewal reminder for ${planName}, ending ${periodEnd.toISOString()}`,
  };
}
