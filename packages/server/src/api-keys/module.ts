import type { AuthService } from '../auth/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { PlansService } from '../plans/service.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import type { KeyCallMeter } from '../platform/route-access.js';
import { meterKeyCalls } from './key-calls.js';
import { ApiCallMeter } from './metering.js';
import { ApiKeysRepository } from './repository.js';
import { apiKeysRoutes } from './routes.js';
import { ApiKeysService } from './service.js';

/** API keys: issued, checked on every call, and their calls metered against the plan. */
export interface ApiKeysModule extends FeatureModule {
  apiKeys: ApiKeysService;
  /** What route access calls for each call made with a key. */
  meterKeyCall: KeyCallMeter;
}

export function apiKeysModule(
  context: ModuleContext,
  needs: {
    auth: AuthService;
    plans: PlansService;
    payments: PaymentsService;
    /** The admin group, which a key never carries. */
    adminGroup: string;
  },
): ApiKeysModule {
  const { clock } = context;
  const repository = new ApiKeysRepository(context.database.db);
  const meter = new ApiCallMeter({ repository, payments: needs.payments, clock });
  const apiKeys = new ApiKeysService({
    repository,
    auth: needs.auth,
    plans: needs.plans,
    meter,
    clock,
    adminGroup: needs.adminGroup,
  });
  return { apiKeys, meterKeyCall: meterKeyCalls(meter), jobs: [], routes: () => [apiKeysRoutes(apiKeys)] };
}
