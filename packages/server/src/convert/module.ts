import type { AnalysisService } from '../analysis/service.js';
import type { ConversionRecorder } from '../audit/service.js';
import type { FilesService } from '../files/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { ConversionAllowance } from './conversion-allowance.js';
import { convertRoutes } from './routes.js';
import { type AsyncConversions, ConvertService } from './service.js';

/** Conversions of a request's file or text: quotas and limits, then storage → engine → storage or response. */
export interface ConvertModule extends FeatureModule {
  convert: ConvertService;
}

export function convertModule(
  context: ModuleContext,
  needs: {
    files: FilesService;
    recorder: ConversionRecorder;
    analysis: AnalysisService;
    payments: PaymentsService;
    /** The jobs API, which queues a conversion asked for asynchronously. */
    asyncConversions: AsyncConversions;
  },
): ConvertModule {
  const { limiter, clock, log } = context;
  const { payments, ...services } = needs;
  const convert = new ConvertService({
    ...services,
    limiter,
    allowance: new ConversionAllowance({ limiter, payments }),
    pool: context.conversionPool,
    timeLimits: context.config.conversionTimeLimits,
    clock,
    log,
  });
  return { convert, jobs: [], routes: () => [convertRoutes(convert, context.inFlight)] };
}
