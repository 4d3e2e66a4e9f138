import { type Static, Type } from 'typebox';

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'conversion.completed',
  'conversion.failed',
  'batch.completed',
  'file.expiring',
] as const;
/** One subscribable event type. */
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** The type of the message `POST /api/webhooks/{id}/test` sends. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Endpoints an account may have at once (disabled ones count; deleting one frees its place). */
export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 20;

/** POST /api/webhooks */
export const CreateWebhookRequest = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX_LENGTH, description: 'An https URL' }),
    events: Type.Array(Type.Enum([...WEBHOOK_EVENTS]), { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type CreateWebhookRequest = Static<typeof CreateWebhookRequest>;

/** An endpoint as listed (never with its secret). */
export const Webhook = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.Enum([...WEBHOOK_EVENTS])),
  created_at: Type.String({ format: 'date-time' }),
  /** Set when deliveries kept failing and the endpoint was turned off; null while it is active. */
  disabled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  /** While a rotated-out secret still signs deliveries too (the grace period), when that ends. */
  previous_secret_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Webhook = Static<typeof Webhook>;

/** The signing secret, shown once (on creation and on rotation): `whsec_` and base64. */
export const WebhookSecretResponse = Type.Object({
  id: Type.String(),
  secret: Type.String({ description: 'whsec_ followed by the base64 key (Standard Webhooks); shown only once' }),
});
export type WebhookSecretResponse = Static<typeof WebhookSecretResponse>;

/** POST /api/webhooks answers the endpoint and its secret. */
export const CreateWebhookResponse = Type.Object({
  ...Webhook.properties,
  secret: WebhookSecretResponse.properties.secret,
});
export type CreateWebhookResponse = Static<typeof CreateWebhookResponse>;

/** GET /api/webhooks */
export const WebhooksResponse = Type.Object({ webhooks: Type.Array(Webhook) });
export type WebhooksResponse = Static<typeof WebhooksResponse>;

/** Path parameter of the per-endpoint routes. */
export const WebhookParams = Type.Object({ id: Type.String() });
export type WebhookParams = Static<typeof WebhookParams>;

/** One try of one delivery. */
export const WebhookAttempt = Type.Object({
  /** The message id (the `webhook-id` header), the same on every try of one event. */
  message_id: Type.String(),
  event_type: Type.String(),
  attempt: Type.Integer({ minimum: 1 }),
  attempted_at: Type.String({ format: 'date-time' }),
  /** The receiver's HTTP status; null when no response came (refused address, timeout, network). */
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  duration_ms: Type.Integer({ minimum: 0 }),
  succeeded: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
  /** The start of the response body (up to 1 KB). */
  response_excerpt: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

/** GET /api/webhooks/{id}/deliveries: the latest tries, newest first. */
export const WebhookDeliveriesResponse = Type.Object({ attempts: Type.Array(WebhookAttempt) });
export type WebhookDeliveriesResponse = Static<typeof WebhookDeliveriesResponse>;

/** POST /api/webhooks/{id}/test: the queued test message. */
export const WebhookTestResponse = Type.Object({ message_id: Type.String() });
export type WebhookTestResponse = Static<typeof WebhookTestResponse>;
