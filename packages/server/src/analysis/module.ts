import type { FilesService } from '../files/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { llmHeaderRefiner } from './llm-refiner.js';
import { analysisRoutes } from './routes.js';
import { AnalysisService } from './service.js';

/** The premium comparison of a conversion's input and output. */
export interface AnalysisModule extends FeatureModule {
  analysis: AnalysisService;
}

export function analysisModule(
  context: ModuleContext,
  needs: { payments: PaymentsService; files: FilesService },
): AnalysisModule {
  const { llm } = context.config;
  const analysis = new AnalysisService({
    ...needs,
    log: context.log,
    pool: context.conversionPool,
    ...(llm ? { refiner: llmHeaderRefiner(llm) } : {}),
  });
  return { analysis, jobs: [], routes: () => [analysisRoutes(analysis)] };
}
