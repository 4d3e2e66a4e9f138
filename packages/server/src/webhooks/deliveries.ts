import type { Notifier } from '../notifications/service.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { webhookDisabledNotice } from './disabled-notice.js';
import { type DeliveryLimits, sendWebhook } from './http-delivery.js';
import type { EndpointRow, WebhooksRepository } from './repository.js';
import { signedHeaders } from './signature.js';
import type { TargetRules } from './target.js';

const MINUTE = 60 * 1000;
/**
 * Waits after each failed try: 1, 4, 16 and 64 minutes, then about 4.3 and 17 hours (x4 each time),
 * so a delivery gets 7 tries over about 23 hours before it fails.
 */
export const RETRY_DELAYS_MS: readonly number[] = [1, 4, 16, 64, 256, 1024].map((minutes) => minutes * MINUTE);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Deliveries of this many events in a row that used up every try disable the endpoint. */
const FAILED_DELIVERIES_BEFORE_DISABLE = 3;
/**
 * How long a claimed try may take before the retry sweep takes it for lost (its process died) and
 * queues it again; far above the 10 s a try may take.
 */
export const ATTEMPT_LEASE_MS = 5 * MINUTE;
/** How many due deliveries one sweep queues. */
const SWEEP_BATCH = 500;
/** How much of a response the deliveries list keeps. */
const EXCERPT_CHARS = 1024;

/**
 * A try to queue. `userId` owns the endpoint: the account whose share of the sending slots it uses.
 * `backlog` is how many of that account's deliveries were already pending: the queue takes tries with
 * a smaller backlog first, so an account with many waiting goes after one with few.
 */
export interface QueuedAttempt {
  deliveryId: string;
  attempt: number;
  userId: string;
  backlog: number;
}

/** The `webhook-id` of a delivery: the same on every try, so receivers can drop repeats. */
export function messageId(deliveryId: string): string {
  return `msg_${deliveryId}`;
}

const DISABLED_REASON = `Deliveries of ${FAILED_DELIVERIES_BEFORE_DISABLE} events in a row failed on every one of their ${MAX_ATTEMPTS} tries (about 23 hours each).`;

/** Sends deliveries, one try per job, logs each try, schedules retries and disables failing endpoints. */
export class WebhookDeliveries {
  constructor(
    private readonly deps: {
      repository: WebhooksRepository;
      rules: TargetRules;
      limits: DeliveryLimits;
      enqueueAttempt: (queued: QueuedAttempt) => Promise<void>;
      enqueueDisabledNotice: (endpointId: string) => Promise<void>;
      /** Tells the owner that an endpoint was disabled (in the bell and by e-mail, as notifications go). */
      notifier: Notifier;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /**
   * Makes try number `attempt` of a delivery. Safe to run twice: the try is claimed first, and a
   * delivery that is no longer waiting for exactly this try is left alone.
   */
  async attempt(deliveryId: string, attempt: number): Promise<void> {
    const { repository, clock } = this.deps;
    const now = clock.now();
    const delivery = await repository.claimAttempt(
      deliveryId,
      attempt,
      new Date(now.getTime() + ATTEMPT_LEASE_MS),
      now,
    );
    if (!delivery) return;
    const endpoint = await repository.endpoint(delivery.endpointId);
    // Disabled (or deleted) meanwhile: the event is dropped, as the disabled notice says.
    if (!endpoint || endpoint.disabledAt) {
      await repository.finishDelivery(deliveryId, 'failed', now);
      return;
    }
    const outcome = await sendWebhook(
      {
        url: endpoint.url,
        headers: signedHeaders(signingSecrets(endpoint, now), messageId(deliveryId), now, delivery.body),
        body: delivery.body,
      },
      this.deps.rules,
      this.deps.limits,
    );
    const finished = clock.now();
    await repository.recordAttempt({
      deliveryId,
      endpointId: endpoint.id,
      attempt,
      attemptedAt: now,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      succeeded: outcome.succeeded,
      error: outcome.error,
      responseExcerpt: outcome.responseBody ? outcome.responseBody.slice(0, EXCERPT_CHARS) : null,
    });
    if (outcome.succeeded) {
      await repository.finishDelivery(deliveryId, 'delivered', finished);
      await repository.resetFailures(endpoint.id);
    } else if (attempt < MAX_ATTEMPTS) {
      const delay = RETRY_DELAYS_MS[attempt - 1] ?? 0;
      await repository.scheduleRetry(deliveryId, new Date(finished.getTime() + delay), finished);
    } else {
      await repository.finishDelivery(deliveryId, 'failed', finished);
      const disabledNow = await repository.countFailedDelivery(
        endpoint.id,
        FAILED_DELIVERIES_BEFORE_DISABLE,
        DISABLED_REASON,
        finished,
      );
      if (disabledNow) {
        this.deps.log.warn({ endpointId: endpoint.id }, 'webhook endpoint disabled after repeated failures');
        await this.deps.enqueueDisabledNotice(endpoint.id);
      }
    }
  }

  /** Queues the next try of every delivery whose retry time has come (run every minute). */
  async queueDueRetries(): Promise<number> {
    const now = this.deps.clock.now();
    const { repository } = this.deps;
    const due = await repository.takeDue(now, new Date(now.getTime() + ATTEMPT_LEASE_MS), SWEEP_BATCH);
    const dueOf = new Map<string, number>();
    for (const delivery of due) dueOf.set(delivery.userId, (dueOf.get(delivery.userId) ?? 0) + 1);
    const pending = await repository.pendingCounts([...dueOf.keys()]);
    // Each account's due tries queue behind its other pending deliveries, in turn.
    const queued = new Map<string, number>();
    for (const delivery of due) {
      // A try whose process died after claiming it used up that try; past the last, the delivery failed.
      if (delivery.attempts >= MAX_ATTEMPTS) {
        await repository.finishDelivery(delivery.id, 'failed', now);
        continue;
      }
      const place = queued.get(delivery.userId) ?? 0;
      queued.set(delivery.userId, place + 1);
      await this.deps.enqueueAttempt({
        deliveryId: delivery.id,
        attempt: delivery.attempts + 1,
        userId: delivery.userId,
        backlog: Math.max(0, (pending.get(delivery.userId) ?? 0) - (dueOf.get(delivery.userId) ?? 0)) + place,
      });
    }
    return due.length;
  }

  /**
   * Tells the owner that an endpoint was disabled: the one place this e-mail is sent from. Sent once
   * per disabling; a failed send gives the claim back so that the job's retry sends it.
   */
  async sendDisabledNotice(endpointId: string): Promise<void> {
    const endpoint = await this.deps.repository.claimDisabledNotice(endpointId, this.deps.clock.now());
    if (!endpoint) return;
    try {
      await this.deps.notifier.notify({
        userId: endpoint.userId,
        kind: 'webhook_disabled',
        eventKey: `webhook.disabled:${endpoint.id}:${endpoint.disabledAt?.toISOString() ?? ''}`,
        ...webhookDisabledNotice(endpoint.url, endpoint.disabledReason ?? DISABLED_REASON),
      });
    } catch (error) {
      await this.deps.repository.releaseDisabledNotice(endpointId);
      throw error;
    }
  }
}

/** The current secret, plus the rotated-out one during its grace period. */
function signingSecrets(endpoint: EndpointRow, now: Date): string[] {
  const previousValid =
    endpoint.previousSecret !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now;
  return previousValid && endpoint.previousSecret ? [endpoint.secret, endpoint.previousSecret] : [endpoint.secret];
}
