import type { WebhookEventType } from '@unnest/contracts';

/** What each subscribable event is called on screen. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'conversion.completed': 'Conversion completed',
  'conversion.failed': 'Conversion failed',
  'batch.completed': 'Batch completed',
  'file.expiring': 'Kept file expiring within 24 hours',
};
