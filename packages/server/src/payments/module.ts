import type { AuthService } from '../auth/service.js';
import type { Config } from '../config.js';
import type { FilesService } from '../files/service.js';
import type { Notifier } from '../notifications/service.js';
import type { Accounts } from '../platform/account.js';
import type { Logger } from '../platform/logger.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { type CheckoutGateway, razorpayGateway, testGateway } from './checkout-gateway.js';
import { endExpiredPlansJob, renewalRemindersJob } from './jobs.js';
import { PlanRetention } from './plan-retention.js';
import { PaymentsRepository } from './repository.js';
import { paymentsRoutes } from './routes.js';
import { PaymentsService } from './service.js';
import { TestCheckout } from './test-checkout.js';
import { testCheckoutRoutes } from './test-checkout.routes.js';
import { paymentsWebhookRoutes } from './webhook.routes.js';

/** Plans and credits bought, their webhooks, and the retention a change of plan applies. */
export interface PaymentsModule extends FeatureModule {
  payments: PaymentsService;
}

export function paymentsModule(
  context: ModuleContext,
  needs: {
    auth: AuthService;
    files: FilesService;
    accounts: Accounts;
    notifier: Notifier;
    /**
     * The batches' retention: the batch feature reads plans through this one, so it is built after it
     * and reached only per call.
     */
    retention: {
      batches: { reapplyRetention(userId: string, keepSeconds: number | null): Promise<void> };
    };
  },
): PaymentsModule {
  const { config, clock, log } = context;
  const { auth, files, accounts } = needs;
  const gateway = checkoutGateway(config, context.jwtSecret, log);
  const repository = new PaymentsRepository(context.database.db);
  const payments = new PaymentsService({
    repository,
    gateway,
    auth,
    retention: new PlanRetention({ accounts, files, ...needs.retention }),
    notifier: needs.notifier,
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  return {
    payments,
    jobs: [endExpiredPlansJob(payments), renewalRemindersJob(payments)],
    routes: () => [
      paymentsRoutes(payments),
      paymentsWebhookRoutes(payments),
      ...(gateway?.mode === 'test' ? [testCheckoutRoutes(new TestCheckout({ repository, gateway, clock }))] : []),
    ],
  };
}

/** The configured way of taking payments, said in the start-up log (with why, when it is off). */
function checkoutGateway(config: Config, installSecret: Uint8Array, log: Logger): CheckoutGateway | undefined {
  const { mode, reason, razorpay } = config.payments;
  if (mode === 'off') {
    log.warn({ reason }, 'Payments are off: buying plans and credits is unavailable');
    return undefined;
  }
  log.info({ mode, reason }, mode === 'test' ? 'Payments in test mode: no money moves' : 'Payments through Razorpay');
  return mode === 'razorpay' && razorpay ? razorpayGateway(razorpay) : testGateway(installSecret);
}
