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
import { SettingsStore } from './settings-store.js';

/** The account's own data: profile, settings (the notification switches among them), statistics. */
export interface ProfileModule extends FeatureModule {
  profile: ProfileService;
}

export function profileModule(
  context: ModuleContext,
  needs: {
    settings: SettingsStore;
    auth: AuthService;
    files: FilesService;
    audit: AuditService;
    payments: PaymentsService;
  },
): ProfileModule {
  const profile = new ProfileService({
    repository: new ProfileRepository(context.database.db),
    ...needs,
    clock: context.clock,
  });
  return { profile, jobs: [], routes: () => [profileRoutes(profile)] };
}

/** Every account's settings, built before the services that read them (see SettingsStore). */
export function settingsStore(context: ModuleContext): SettingsStore {
  return new SettingsStore({ repository: new ProfileRepository(context.database.db), clock: context.clock });
}

/** The notification switches, kept with the other settings. */
export function notificationSwitches(settings: SettingsStore) {
  return {
    of: async (userId: string) => notificationSettingsOf(await settings.settings(userId)),
    update: async (userId: string, update: UserSettingsUpdate) =>
      notificationSettingsOf(await settings.updateSettings(userId, update)),
  };
}
