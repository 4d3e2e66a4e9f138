import { Type } from 'typebox';
import type { Clock } from '../platform/clock.js';
import type { DomainEvents } from '../platform/domain-events.js';
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

const EXPIRING_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * Every 15 minutes: announces (`file.expiring`) each kept file that will be deleted within 24 hours,
 * once per file (the claim marks it). Notifications and webhooks react to the event.
 */
export function announceExpiringFilesJob(service: FilesService, events: DomainEvents, clock: Clock) {
  return defineJob({
    name: 'files.announce-expiring',
    payload: Type.Object({}),
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    expireInSeconds: 15 * 60,
    schedule: { cron: '*/15 * * * *', payload: {} },
    handle: async () => {
      for (;;) {
        const due = await service.claimExpiring(EXPIRING_WITHIN_MS);
        for (const file of due) {
          await events.publish(
            'file.expiring',
            `file.expiring:${file.id}`,
            {
              userId: file.userId,
              fileId: file.id,
              fileName: file.filename,
              expiresAt: file.expiresAt?.toISOString() ?? '',
            },
            clock.now(),
          );
        }
        if (due.length === 0) return;
      }
    },
  });
}
