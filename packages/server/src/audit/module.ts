import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { AuditRepository } from './repository.js';
import { auditRoutes } from './routes.js';
import { AuditService, ConversionRecorder } from './service.js';

/** Usage history: what each account did, for itself and the admins. */
export interface AuditModule extends FeatureModule {
  audit: AuditService;
  /** Every conversion's history row and stored conversions' events, whatever ran it. */
  recorder: ConversionRecorder;
}

export function auditModule({ database, clock, log, events }: ModuleContext): AuditModule {
  const audit = new AuditService(new AuditRepository(database.db), clock, log);
  const recorder = new ConversionRecorder({ audit, events });
  return { audit, recorder, jobs: [], routes: () => [auditRoutes(audit)] };
}
