import type { MailMessage } from '../platform/mail.js';

/** The e-mail telling an owner that an endpoint was disabled after its deliveries kept failing. */
export function webhookDisabledMail(to: string, url: string, reason: string, settingsUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Unnest webhook endpoint was disabled',
    text: `Unnest has stopped sending webhooks to ${url}.\n\n${reason}\n\nOnce the endpoint answers again with a 2xx status, re-enable it in Settings > Webhooks:\n${settingsUrl}\n\nEvents that happened while it was disabled are not sent.\n`,
    outboxNote: `Webhook endpoint disabled: ${url}`,
  };
}
