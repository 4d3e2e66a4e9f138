import { randomUUID } from 'node:crypto';
import {
  type CreateWebhookRequest,
  type CreateWebhookResponse,
  WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookAttempt,
  type WebhookEventType,
  type WebhookSecretResponse,
} from '@unnest/contracts';
import type { Accounts } from '../platform/account.js';
import type { Clock } from '../platform/clock.js';
import type { DomainEvent, DomainEvents, DomainEventType } from '../platform/domain-events.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { RateLimit, RateLimiter } from '../platform/rate-limiter.js';
import { ATTEMPT_LEASE_MS, messageId, type QueuedAttempt } from './deliveries.js';
import { eventBody, webhookBody } from './payloads.js';
import type { EndpointRow, WebhooksRepository } from './repository.js';
import { newWebhookSecret } from './signature.js';
import { checkTarget, TargetRefused, type TargetRules } from './target.js';

/** How long a rotated-out secret keeps signing deliveries, so receivers can switch without a gap. */
const SECRET_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;
/** How many tries the deliveries list shows. */
const ATTEMPTS_LISTED = 100;
/** Test messages a user may send: each is an outgoing request to a URL of their choosing. */
export const TEST_MESSAGES: RateLimit = { bucket: 'webhook-test', max: 20, windowMs: 60 * 60 * 1000 };
const SUBSCRIBED_EVENTS: readonly DomainEventType[] = [
  'conversion.completed',
  'conversion.failed',
  'batch.completed',
  'file.expiring',
];

function toWebhook(row: EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    created_at: row.createdAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: row.previousSecret ? (row.previousSecretExpiresAt?.toISOString() ?? null) : null,
  };
}

/**
 * A user's webhook endpoints (registration, secrets, tests, the deliveries log) and the fan-out of
 * domain events into deliveries. Webhooks come with API access: plans without API calls get 403.
 */
export class WebhooksService {
  constructor(
    private readonly deps: {
      repository: WebhooksRepository;
      /** Events fan out outside any request: the account is read by id. */
      accounts: Pick<Accounts, 'byId'>;
      limiter: RateLimiter;
      rules: TargetRules;
      /** Queues a try of a delivery (a pg-boss job). */
      enqueueAttempt: (queued: QueuedAttempt) => Promise<void>;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /** Turns every subscribable domain event into deliveries. */
  subscribeTo(events: DomainEvents): void {
    for (const type of SUBSCRIBED_EVENTS) events.subscribe(type, (event) => this.fanOut(event));
  }

  async create(userId: string, request: CreateWebhookRequest): Promise<CreateWebhookResponse> {
    await this.requireApiAccess(userId);
    const url = await this.checkUrl(request.url);
    const now = this.deps.clock.now();
    const secret = newWebhookSecret();
    const row = await this.deps.repository.insertEndpointUnder(
      { userId, url: url.href, events: [...request.events], secret, createdAt: now, updatedAt: now },
      WEBHOOK_ENDPOINTS_PER_ACCOUNT,
    );
    if (!row) {
      throw new AppError('WEBHOOK_LIMIT_REACHED', {
        detail: `An account may have ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints: delete one you no longer use first.`,
      });
    }
    return { ...toWebhook(row), secret };
  }

  async list(userId: string): Promise<Webhook[]> {
    return (await this.deps.repository.endpoints(userId)).map(toWebhook);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repository.deleteEndpoint(userId, id))) throw new AppError('WEBHOOK_NOT_FOUND');
  }

  /** A new secret, shown once; the old one keeps signing for SECRET_ROTATION_GRACE_MS. */
  async rotateSecret(userId: string, id: string): Promise<WebhookSecretResponse> {
    await this.requireApiAccess(userId);
    const now = this.deps.clock.now();
    const secret = newWebhookSecret();
    const until = new Date(now.getTime() + SECRET_ROTATION_GRACE_MS);
    const row = await this.deps.repository.rotateSecret(userId, id, secret, until, now);
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    return { id: row.id, secret };
  }

  /** Re-enables a disabled endpoint (its URL is checked again first). */
  async enable(userId: string, id: string): Promise<Webhook> {
    await this.requireApiAccess(userId);
    const endpoint = await this.owned(userId, id);
    await this.checkUrl(endpoint.url);
    const row = await this.deps.repository.enable(userId, id, this.deps.clock.now());
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    return toWebhook(row);
  }

  /** Queues a `webhook.test` message, delivered, signed and retried like any event. */
  async sendTest(userId: string, id: string): Promise<{ message_id: string }> {
    await this.requireApiAccess(userId);
    const endpoint = await this.owned(userId, id);
    if (endpoint.disabledAt) {
      throw new AppError('BAD_REQUEST', { detail: 'This webhook is disabled. Re-enable it to send a test.' });
    }
    const slot = await this.deps.limiter.acquire(TEST_MESSAGES, userId);
    if (!slot.granted) {
      throw new AppError('RATE_LIMITED', {
        detail: 'Too many test messages. Please try again later.',
        retryAfterSeconds: slot.retryAfterSeconds,
      });
    }
    const now = this.deps.clock.now();
    const body = webhookBody(WEBHOOK_TEST_EVENT, now.toISOString(), {
      webhook_id: endpoint.id,
      message: 'A test message from Unnest. Your endpoint received and can verify it.',
    });
    const backlog = await this.backlogOf(userId);
    const delivery = await this.queue(
      endpoint,
      { eventId: `${WEBHOOK_TEST_EVENT}:${randomUUID()}`, eventType: WEBHOOK_TEST_EVENT, body, backlog },
      now,
    );
    if (!delivery) throw new Error('a new test delivery collided with an existing one');
    return { message_id: messageId(delivery) };
  }

  /** The endpoint's latest tries, newest first. */
  async deliveries(userId: string, id: string): Promise<WebhookAttempt[]> {
    await this.owned(userId, id);
    const attempts = await this.deps.repository.attempts(id, ATTEMPTS_LISTED);
    return attempts.map((row) => ({
      message_id: messageId(row.deliveryId),
      event_type: row.eventType,
      attempt: row.attempt,
      attempted_at: row.attemptedAt.toISOString(),
      status_code: row.statusCode,
      duration_ms: row.durationMs,
      succeeded: row.succeeded,
      error: row.error,
      response_excerpt: row.responseExcerpt,
    }));
  }

  /**
   * One delivery per subscribed endpoint, keyed by (endpoint, event id): a republished event queues
   * nothing new. An account whose plan no longer has API access gets no deliveries.
   */
  private async fanOut<T extends DomainEventType>(event: DomainEvent<T>): Promise<void> {
    const endpoints = await this.deps.repository.subscribers(event.userId, event.type);
    if (endpoints.length === 0 || !(await this.hasApiAccess(event.userId))) return;
    const body = eventBody(event);
    const now = this.deps.clock.now();
    // The account's deliveries queue one behind the other, behind those it has pending already.
    let backlog = await this.backlogOf(event.userId);
    for (const endpoint of endpoints) {
      if (await this.queue(endpoint, { eventId: event.id, eventType: event.type, body, backlog }, now)) backlog += 1;
    }
  }

  private async backlogOf(userId: string): Promise<number> {
    return (await this.deps.repository.pendingCounts([userId])).get(userId) ?? 0;
  }

  /** Stores a delivery and queues its first try; undefined when it existed already. */
  private async queue(
    endpoint: EndpointRow,
    message: { eventId: string; eventType: string; body: string; backlog: number },
    now: Date,
  ): Promise<string | undefined> {
    const { eventId, eventType, body, backlog } = message;
    const delivery = await this.deps.repository.insertDelivery({
      endpointId: endpoint.id,
      eventId,
      eventType,
      body,
      status: 'pending',
      // If the queued job is lost, the retry sweep sends the first try after the lease.
      nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS),
      createdAt: now,
      updatedAt: now,
    });
    if (delivery)
      await this.deps.enqueueAttempt({ deliveryId: delivery.id, attempt: 1, userId: endpoint.userId, backlog });
    return delivery?.id;
  }

  private async owned(userId: string, id: string): Promise<EndpointRow> {
    const endpoint = await this.deps.repository.ownedEndpoint(userId, id);
    if (!endpoint) throw new AppError('WEBHOOK_NOT_FOUND');
    return endpoint;
  }

  private async hasApiAccess(userId: string): Promise<boolean> {
    return (await this.deps.accounts.byId(userId)).plan.apiCallsPerMonth !== 0;
  }

  private async requireApiAccess(userId: string): Promise<void> {
    if (!(await this.hasApiAccess(userId))) throw new AppError('WEBHOOKS_NOT_IN_PLAN');
  }

  private async checkUrl(raw: string): Promise<URL> {
    try {
      return await checkTarget(raw, this.deps.rules);
    } catch (error) {
      if (error instanceof TargetRefused) throw new AppError('WEBHOOK_URL_REFUSED', { detail: error.message });
      throw error;
    }
  }
}
