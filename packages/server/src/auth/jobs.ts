import { Type } from 'typebox';
import { defineJob } from '../platform/jobs.js';
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
