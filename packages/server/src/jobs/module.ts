import type { BatchService } from '../batch/service.js';
import type { FeatureModule } from '../platform/module-context.js';
import { jobsRoutes } from './routes.js';
import { type ConversionIntake, JobsService } from './service.js';

/** The jobs API: batches and asynchronous conversions listed, followed and cancelled as one kind. */
export interface JobsModule extends FeatureModule {
  jobsService: JobsService;
}

export function jobsModule(needs: { batch: BatchService; intake: ConversionIntake }): JobsModule {
  const jobsService = new JobsService(needs);
  return { jobsService, jobs: [], routes: () => [jobsRoutes(jobsService)] };
}
