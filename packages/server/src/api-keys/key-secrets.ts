import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_VISIBLE_CHARS } from '@unnest/contracts';

// 32 random bytes: 256 bits, written as 43 base64url characters after the prefix.
const KEY_BYTES = 32;
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A new key as the user receives it, with what is stored of it. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_VISIBLE_CHARS), hash: hashApiKey(key) };
}

/** How a key is stored and looked up: a key has 256 random bits, so a plain SHA-256 is enough. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether a string has the shape of a key this server issues (checked before any lookup). */
export function isApiKeyShaped(value: string): boolean {
  return KEY_SHAPE.test(value);
}
