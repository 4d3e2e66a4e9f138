/** What the settings page shows of webhooks. */
export { WebhooksSection } from './webhooks-section';
