import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';
// 24 random bytes: the Standard Webhooks spec asks for 24 to 64 bytes of key.
const SECRET_BYTES = 24;

/** A new signing secret: `whsec_` and the base64 of random bytes (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The Standard Webhooks headers for one try: `webhook-id` (the same on every try of a message),
 * `webhook-timestamp` (seconds, of this try) and `webhook-signature`, holding one signature per
 * secret, space-separated, so that during a rotation either secret verifies. The signatures are the
 * `standardwebhooks` library's, the same code a receiver verifies with.
 */
export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  sentAt: Date,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Unnest-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body)).join(' '),
  };
}
