import { Type } from 'typebox';
import { defineJob, type JobKind } from '../platform/jobs.js';
import type { WebhookDeliveries } from './deliveries.js';

/**
 * One try of one webhook delivery. Failed tries are retried by the delivery's own schedule (see
 * RETRY_DELAYS_MS), not by the queue; the queue's retries only cover a handler that crashed.
 *
 * Fair sharing: each worker process sends `concurrency` tries at once, of which one account (the
 * job's group) has at most `perAccount`, fewer than `concurrency`, so an account whose receivers hang
 * holds its own slots only and every process always has room for the others. Tries are queued with
 * their place in their account's backlog as a negative priority (see `QueuedAttempt`): the first try
 * of an account that has nothing waiting goes before the second and later of one with many, round-robin
 * between accounts, so a freed slot goes to the account that has waited least served.
 */
export const WEBHOOK_ATTEMPT = {
  name: 'webhooks.attempt',
  payload: Type.Object({ deliveryId: Type.String(), attempt: Type.Integer({ minimum: 1 }) }),
} satisfies JobKind;

/** The handler of WEBHOOK_ATTEMPT. */
export function webhookAttemptJob(deliveries: WebhookDeliveries, slots: { concurrency: number; perAccount: number }) {
  return defineJob({
    ...WEBHOOK_ATTEMPT,
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    // A try takes at most 10 s; the rest is database work.
    expireInSeconds: 2 * 60,
    localConcurrency: slots.concurrency,
    localGroupConcurrency: slots.perAccount,
    // A freed slot is filled within a second, well inside the shortest try timeout.
    pickup: { pollingIntervalSeconds: 1, burst: false },
    handle: ({ deliveryId, attempt }) => deliveries.attempt(deliveryId, attempt),
  });
}

/** Every minute: queues the next try of deliveries whose retry time has come. */
export function webhookRetrySweepJob(deliveries: WebhookDeliveries) {
  return defineJob({
    name: 'webhooks.retry-sweep',
    payload: Type.Object({}),
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    expireInSeconds: 5 * 60,
    schedule: { cron: '* * * * *', payload: {} },
    handle: async () => {
      await deliveries.queueDueRetries();
    },
  });
}

/** Mails the owner of an endpoint that was just disabled (once per disabling). */
export const WEBHOOK_DISABLED_NOTICE = {
  name: 'webhooks.disabled-notice',
  payload: Type.Object({ endpointId: Type.String() }),
} satisfies JobKind;

/** The handler of WEBHOOK_DISABLED_NOTICE. */
export function webhookDisabledNoticeJob(deliveries: WebhookDeliveries) {
  return defineJob({
    ...WEBHOOK_DISABLED_NOTICE,
    retry: { limit: 5, delaySeconds: 60, backoff: true },
    expireInSeconds: 2 * 60,
    handle: ({ endpointId }) => deliveries.sendDisabledNotice(endpointId),
  });
}
