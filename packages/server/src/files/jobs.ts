import { Type } from 'typebox';
import { defineJob } from '../platform/jobs.js';
import type { FilesService } from './service.js';

/**
 * Retention: every 5 minutes, deletes files whose time is up (bytes, then record). The free plan
 * keeps files one hour, so a file outlives its expiry by at most 5 minutes. Idempotent.
 */
export function purgeExpiredFilesJob(service: FilesService) {
  return defineJob({
    name: 'files.purge-expired',
    payload: Type.Object({}),
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    expireInSeconds: 15 * 60,
    schedule: { cron: '*/5 * * * *', payload: {} },
    handle: async () => {
      await service.purgeExpired();
    },
  });
}
