import type { UserSettingsUpdate } from '@unnest/contracts';
import type { AuditService } from '../audit/service.js';
import type { AuthService } from '../auth/service.js';
import type { FilesService } from '../files/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { ProfileRepository } from './repository.js';
import { profileRoutes } from './routes.js';
import { ProfileService } from './service.js';
import { notificationSettingsOf } from './settings.js';

/** The account's own data: profile, settings (the notification switches among them), statistics. */
export interface ProfileModule extends FeatureModule {
  profile: ProfileService;
}

export function profileModule(
  context: ModuleContext,
  needs: { auth: AuthService; files: FilesService; audit: AuditService; payments: PaymentsService },
): ProfileModule {
  const profile = new ProfileService({
    repository: new ProfileRepository(context.database.db),
    ...needs,
    clock: context.clock,
  });
  return { profile, jobs: [], routes: () => [profileRoutes(profile)] };
}

/** The notification switches, read and written per call through the profile (built after notifications). */
export function notificationSwitches(profile: () => ProfileService) {
  return {
    of: async (userId: string) => notificationSettingsOf(await profile().settings(userId)),
    update: async (userId: string, update: UserSettingsUpdate) =>
      notificationSettingsOf(await profile().updateSettings(userId, update)),
  };
}
