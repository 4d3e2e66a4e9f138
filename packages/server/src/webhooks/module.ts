import type { Notifier } from '../notifications/service.js';
import type { Accounts } from '../platform/account.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { type QueuedAttempt, WebhookDeliveries } from './deliveries.js';
import { DELIVERY_LIMITS } from './http-delivery.js';
import {
  WEBHOOK_ATTEMPT,
  WEBHOOK_DISABLED_NOTICE,
  webhookAttemptJob,
  webhookDisabledNoticeJob,
  webhookRetrySweepJob,
} from './jobs.js';
import { WebhooksRepository } from './repository.js';
import { webhooksRoutes } from './routes.js';
import { WebhooksService } from './service.js';
import { webhookRules } from './target.js';

/** Outgoing webhooks: endpoints, the deliveries the domain events make, their tries and retries. */
export interface WebhooksModule extends FeatureModule {
  webhooks: WebhooksService;
  /** Outgoing webhook tries and their retry sweep. */
  webhookDeliveries: WebhookDeliveries;
}

export function webhooksModule(
  context: ModuleContext,
  needs: { accounts: Accounts; notifier: Notifier },
): WebhooksModule {
  const { config, queue, clock, log } = context;
  const repository = new WebhooksRepository(context.database.db);
  const rules = webhookRules(config.webhooks);
  // The account is the job's group (its share of the slots); a longer backlog is a lower priority
  // (see webhookAttemptJob).
  const enqueueAttempt = async ({ deliveryId, attempt, userId, backlog }: QueuedAttempt) => {
    await queue.send(WEBHOOK_ATTEMPT, { deliveryId, attempt }, { priority: -backlog, group: { id: userId } });
  };
  const webhooks = new WebhooksService({
    repository,
    accounts: needs.accounts,
    limiter: context.limiter,
    rules,
    enqueueAttempt,
    clock,
    log,
  });
  webhooks.subscribeTo(context.events);
  const webhookDeliveries = new WebhookDeliveries({
    repository,
    rules,
    limits: { ...DELIVERY_LIMITS, timeoutMs: config.webhooks.timeoutSeconds * 1000 },
    enqueueAttempt,
    enqueueDisabledNotice: async (endpointId) => {
      await queue.send(WEBHOOK_DISABLED_NOTICE, { endpointId });
    },
    notifier: needs.notifier,
    clock,
    log,
  });
  return {
    webhooks,
    webhookDeliveries,
    jobs: [
      webhookAttemptJob(webhookDeliveries, config.webhooks),
      webhookRetrySweepJob(webhookDeliveries),
      webhookDisabledNoticeJob(webhookDeliveries),
    ],
    routes: () => [webhooksRoutes(webhooks)],
  };
}
