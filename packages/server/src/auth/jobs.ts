import { Type } from 'typebox';
import { defineJob, type JobKind } from '../platform/jobs.js';
import type { AuthService } from './service.js';

/** Hourly clean-up of dead codes, refresh tokens and counters. Idempotent: deleting twice is harmless. */
export function purgeExpiredAuthRecordsJob(service: AuthService) {
  return defineJob({
    name: 'auth.purge-expired',
    payload: Type.Object({}),
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    expireInSeconds: 5 * 60,
    schedule: { cron: '17 * * * *', payload: {} },
    handle: () => service.purgeExpired(),
  });
}

/**
 * Mails a password reset code, queued by forgot-password for every address so that the request
 * does the same work whether or not the account exists. Delivered at least once: a repeat mails a
 * new code that replaces the first (and counts against the account's reset limit).
 */
export const PASSWORD_RESET_MAIL = {
  name: 'auth.password-reset-mail',
  payload: Type.Object({ email: Type.String() }),
} satisfies JobKind;

/** The handler of PASSWORD_RESET_MAIL. */
export function passwordResetMailJob(service: AuthService) {
  return defineJob({
    ...PASSWORD_RESET_MAIL,
    retry: { limit: 3, delaySeconds: 30, backoff: true },
    expireInSeconds: 60,
    handle: ({ email }) => service.sendPasswordReset(email),
  });
}
