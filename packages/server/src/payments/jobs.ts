import { Type } from 'typebox';
import { defineJob } from '../platform/jobs.js';
import type { PaymentsService } from './service.js';

/** Every 5 minutes: plans whose period is over go back to Free. Idempotent (ends each plan once). */
export function endExpiredPlansJob(service: PaymentsService) {
  return defineJob({
    name: 'payments.end-expired-plans',
    payload: Type.Object({}),
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    expireInSeconds: 15 * 60,
    schedule: { cron: '*/5 * * * *', payload: {} },
    handle: async () => {
      await service.endExpiredPlans();
    },
  });
}

/** Hourly: renewal reminders for plans ending within 3 days; each period's reminder is claimed once. */
export function renewalRemindersJob(service: PaymentsService) {
  return defineJob({
    name: 'payments.renewal-reminders',
    payload: Type.Object({}),
    retry: { limit: 5, delaySeconds: 300, backoff: true },
    expireInSeconds: 15 * 60,
    schedule: { cron: '7 * * * *', payload: {} },
    handle: async () => {
      await service.sendRenewalReminders();
    },
  });
}
