import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@unnest/contracts';

/** A fresh code of CODE_LENGTH random digits, as the user types it. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/**
 * Keyed hash of a code, bound to its account and purpose. Six digits are easy to brute-force from a
 * plain hash, so a stolen table alone must not reveal them: the key stays out of the database.
 */
export function hashCode(key: Uint8Array, userId: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${userId}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A new refresh token (256 random bits) as sent to the client. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How a refresh token is stored: high-entropy secrets need no slow hash. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
