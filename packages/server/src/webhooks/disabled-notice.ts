import type { NoticeContent } from '../notifications/service.js';

/** The notice telling an owner that an endpoint was disabled after its deliveries kept failing. */
export function webhookDisabledNotice(url: string, reason: string): NoticeContent {
  return {
    title: 'Your Unnest webhook endpoint was disabled',
    body: `Unnest has stopped sending webhooks to ${url}. ${reason} Once the endpoint answers again with a 2xx status, re-enable it in Settings, Webhooks. Events that happened while it was disabled are not sent.`,
    summary: `Unnest stopped sending webhooks to ${url}. Re-enable it in Settings, Webhooks once it answers again.`,
    link: '/settings',
  };
}
