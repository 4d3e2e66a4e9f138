import type { RateLimit } from '../platform/rate-limiter.js';

/** How long an e-mailed code works. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries after which a code is dead. */
export const CODE_MAX_ATTEMPTS = 5;
/** Refresh tokens (the sign-in session) last this long unless used or revoked. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** Failed sign-ins per account. */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimit = {
  bucket: 'login-failure-account',
  max: 10,
  windowMs: FIFTEEN_MINUTES,
};
/** Failed sign-ins per client address (many accounts tried from one place). */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimit = {
  bucket: 'login-failure-address',
  max: 30,
  windowMs: FIFTEEN_MINUTES,
};
/** Confirmation code resends per account. */
export const CONFIRMATION_RESENDS: RateLimit = { bucket: 'confirmation-resend', max: 5, windowMs: ONE_HOUR };
/** Password reset codes per account. */
export const RESET_REQUESTS: RateLimit = { bucket: 'reset-request', max: 5, windowMs: ONE_HOUR };

/**
 * Counters older than this are no longer in any window. The purge is shared by every bucket, and
 * conversion quotas count per 24 hours.
 */
export const LONGEST_WINDOW_MS = 24 * ONE_HOUR;
