import type { PaymentsService } from '../payments/service.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { plansRoutes } from './routes.js';
import { PlansService } from './service.js';

/** The plan catalogue and each account's subscription and limits. */
export interface PlansModule extends FeatureModule {
  plans: PlansService;
}

export function plansModule(context: ModuleContext, needs: { payments: PaymentsService }): PlansModule {
  const plans = new PlansService({
    ...needs,
    limiter: context.limiter,
    timeLimits: context.config.conversionTimeLimits,
    salesEmail: context.config.salesEmail ?? null,
  });
  return { plans, jobs: [], routes: () => [plansRoutes(plans)] };
}
