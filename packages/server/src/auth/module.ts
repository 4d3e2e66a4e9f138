import { createHmac } from 'node:crypto';
import type { AuditService } from '../audit/service.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { AccessTokens } from './access-tokens.js';
import { ADMIN_GROUP } from './groups.js';
import { PASSWORD_RESET_MAIL, passwordResetMailJob, purgeExpiredAuthRecordsJob } from './jobs.js';
import { AuthRepository } from './repository.js';
import { authRoutes } from './routes.js';
import { AuthService } from './service.js';

/** Accounts, sessions and sign-in. */
export interface AuthModule extends FeatureModule {
  auth: AuthService;
  /** The group whose members reach the admin routes (from ADMIN_EMAILS or the admin role). */
  adminGroup: string;
}

export function authModule(context: ModuleContext, needs: { audit: AuditService }): AuthModule {
  const { config, database, queue, jwtSecret } = context;
  const auth = new AuthService({
    repository: new AuthRepository(database.db),
    limiter: context.limiter,
    mailer: context.mailer,
    clock: context.clock,
    accessTokens: new AccessTokens(jwtSecret),
    // Codes are hashed with a key derived from (not equal to) the signing secret.
    codeKey: createHmac('sha256', jwtSecret).update('unnest verification codes').digest(),
    adminEmails: config.adminEmails,
    log: context.log,
    onSignIn: (userId, status, details) => needs.audit.record(userId, { action: 'sign_in', status, details }),
    queuePasswordReset: async (email) => {
      await queue.send(PASSWORD_RESET_MAIL, { email });
    },
  });
  return {
    auth,
    adminGroup: ADMIN_GROUP,
    jobs: [purgeExpiredAuthRecordsJob(auth), passwordResetMailJob(auth)],
    routes: () => [authRoutes(auth, { secureCookie: config.publicUrl.startsWith('https:') })],
  };
}
