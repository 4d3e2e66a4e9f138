import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { AuditRepository } from './repository.js';
import { auditRoutes } from './routes.js';
import { AuditService } from './service.js';

/** Usage history: what each account did, for itself and the admins. */
export interface AuditModule extends FeatureModule {
  audit: AuditService;
}

export function auditModule({ database, clock, log }: ModuleContext): AuditModule {
  const audit = new AuditService(new AuditRepository(database.db), clock, log);
  return { audit, jobs: [], routes: () => [auditRoutes(audit)] };
}
