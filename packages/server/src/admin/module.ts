import type { AuditService } from '../audit/service.js';
import type { AuthService } from '../auth/service.js';
import type { FilesService } from '../files/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import type { ProfileService } from '../profile/service.js';
import { AdminRepository } from './repository.js';
import { adminRoutes } from './routes.js';
import { AdminService } from './service.js';

/** The admin area: reports over every account, and changes made through the other features' services. */
export interface AdminModule extends FeatureModule {
  admin: AdminService;
}

export function adminModule(
  context: ModuleContext,
  needs: {
    auth: AuthService;
    payments: PaymentsService;
    profile: ProfileService;
    files: FilesService;
    audit: AuditService;
  },
): AdminModule {
  const admin = new AdminService({
    repository: new AdminRepository(context.database.db),
    ...needs,
    jobs: context.queue,
    clock: context.clock,
  });
  return { admin, jobs: [], routes: () => [adminRoutes(admin)] };
}
