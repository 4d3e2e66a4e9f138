import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
// 24 random bytes: the Standard Webhooks spec asks for 24 to 64 bytes of key.
const SECRET_BYTES = 24;

/** A new signing secret: `whsec_` and the base64 of random bytes (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under one `whsec_` secret. */
function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The Standard Webhooks headers for one try: `webhook-id` (the same on every try of a message),
 * `webhook-timestamp` (seconds, of this try) and `webhook-signature`, holding one signature per
 * secret, space-separated, so that during a rotation either secret verifies.
 */
export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  sentAt: Date,
  body: string,
): Record<string, string> {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Unnest-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, messageId, timestamp, body)).join(' '),
  };
}
