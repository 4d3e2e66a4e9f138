import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import type { RecentErrors } from '../platform/recent-errors.js';
import { debugRoutes } from './routes.js';
import { configuredSecrets, DebugService } from './service.js';

/** The admins' `/api/debug/*`: what runs, and the last error records. */
export interface DebugModule extends FeatureModule {
  debug: DebugService;
}

export function debugModule(context: ModuleContext, needs: { recentErrors: RecentErrors }): DebugModule {
  const { config } = context;
  const debug = new DebugService({
    config,
    databaseKind: context.database.kind,
    jobs: context.queue,
    recentErrors: needs.recentErrors,
    secrets: configuredSecrets(config, context.jwtSecret),
  });
  return { debug, jobs: [], routes: () => [debugRoutes(debug)] };
}
