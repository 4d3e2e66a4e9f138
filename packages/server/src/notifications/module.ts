import { createHmac } from 'node:crypto';
import type { Accounts } from '../platform/account.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import {
  NOTIFICATION_EVENT,
  NOTIFICATION_MAIL,
  notificationEventJob,
  notificationMailJob,
  subscribeNotifications,
} from './jobs.js';
import { NotificationsRepository } from './repository.js';
import { notificationsRoutes } from './routes.js';
import { NotificationsService, type SettingsAccess } from './service.js';
import { unsubscribeRoutes } from './unsubscribe.routes.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

/** In-app notices and their e-mails, from the domain events. */
export interface NotificationsModule extends FeatureModule {
  notifications: NotificationsService;
}

export function notificationsModule(
  context: ModuleContext,
  needs: {
    accounts: Accounts;
    /** The switches, kept with the other settings by the profile (built after this: it needs payments, which notify). */
    settings: SettingsAccess;
  },
): NotificationsModule {
  const { config, queue } = context;
  const notifications = new NotificationsService({
    repository: new NotificationsRepository(context.database.db),
    accounts: needs.accounts,
    settings: needs.settings,
    // Unsubscribe links are signed with a key derived from (not equal to) the signing secret.
    links: new UnsubscribeLinks(
      createHmac('sha256', context.jwtSecret).update('unnest unsubscribe links').digest(),
      config.publicUrl,
    ),
    mailer: context.mailer,
    clock: context.clock,
    log: context.log,
    publicUrl: config.publicUrl,
    longConversionMs: config.notifications.longConversionSeconds * 1000,
    queueMail: async (notificationId) => {
      await queue.send(NOTIFICATION_MAIL, { notificationId });
    },
  });
  subscribeNotifications(context.events, async (event) => {
    await queue.send(NOTIFICATION_EVENT, { event });
  });
  return {
    notifications,
    jobs: [
      notificationEventJob(notifications),
      notificationMailJob(notifications, config.notifications.mailRetrySeconds),
    ],
    routes: () => [notificationsRoutes(notifications), unsubscribeRoutes(notifications, config.publicUrl)],
  };
}
