import type { RateLimit } from '../platform/rate-limiter.js';

/** How long an e-mailed code works; a pending sign-up can be started over only after its code expired. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Tries of one code (reserved before each comparison); after them the code is dead. */
export const CODE_MAX_ATTEMPTS = 5;
/** Refresh tokens (the sign-in session) last this long unless used or revoked. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const ONE_DAY = 24 * ONE_HOUR;

/**
 * Failed sign-ins per client address and account together: the guesser waits, longer each time
 * (15 minutes, then up to an hour, then up to a day), while the owner signing in from elsewhere does
 * not. A failure slot is taken before the password is checked and given back on success.
 */
export const LOGIN_FAILURES_PER_PAIR: RateLimit = {
  bucket: 'login-failure-pair',
  max: 10,
  windowMs: FIFTEEN_MINUTES,
  backoff: [
    { max: 20, windowMs: ONE_HOUR },
    { max: 40, windowMs: ONE_DAY },
  ],
};
/** Failed sign-ins per client address (many accounts tried from one place). */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimit = {
  bucket: 'login-failure-address',
  max: 30,
  windowMs: FIFTEEN_MINUTES,
  backoff: [{ max: 100, windowMs: ONE_DAY }],
};
/**
 * Failed sign-ins per account from all addresses together: the ceiling on guessing from many
 * addresses at once. High, so that only such an attack (not a few typos or one guesser) reaches it.
 */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimit = {
  bucket: 'login-failure-account',
  max: 100,
  windowMs: ONE_HOUR,
};
/** Requests that e-mail a code (sign-up, resend, forgot password) per client address. */
export const CODE_MAILS_PER_ADDRESS: RateLimit = { bucket: 'code-mail-address', max: 20, windowMs: ONE_HOUR };
/** Confirmation code resends per account. */
export const CONFIRMATION_RESENDS: RateLimit = { bucket: 'confirmation-resend', max: 5, windowMs: ONE_HOUR };
/** Password reset codes per account. */
export const RESET_REQUESTS: RateLimit = { bucket: 'reset-request', max: 5, windowMs: ONE_HOUR };

/**
 * Counters older than this are no longer in any window. The purge is shared by every bucket, and
 * conversion quotas count per 24 hours.
 */
export const LONGEST_WINDOW_MS = ONE_DAY;
