import path from 'node:path';
import { isPlanId, PLAN_IDS } from '@unnest/contracts';
import type { AuthService } from '../auth/service.js';
import type { PaymentsService } from '../payments/service.js';

/** How to call the operator command. */
export const ADMIN_USAGE = `Usage:
  npm run admin -- grant EMAIL PLAN   give an account a plan (${PLAN_IDS.filter((p) => p !== 'free').join(', ')})
  npm run admin -- revoke EMAIL       put an account back on the free plan
  npm run admin -- promote EMAIL      give an account the admin role (the admin area at /admin)
  npm run admin -- demote EMAIL       take the admin role given by promote or in the admin area
  npm run admin -- enable EMAIL       let an account disabled in the admin area sign in again

On PostgreSQL (DATABASE_URL) it works while the server runs; on the embedded database, stop the
server first, or use the admin area while it runs.`;

/** Raised for a malformed command line; the message is for the operator. */
export class AdminUsageError extends Error {}

/**
 * The answer when the embedded database is held by a running server: the command cannot open it, so
 * it says where the same actions are while the server runs. `locked` is the database's `DataDirLockedError`.
 */
export function serverHoldsEmbeddedDatabase(
  locked: { readonly lockFile: string; readonly pid: number },
  publicUrl: string,
): AdminUsageError {
  return new AdminUsageError(
    `The server (pid ${locked.pid}) is running on the embedded database in ${path.dirname(locked.lockFile)}, ` +
      'and only one process can open it. While the server runs, use the admin area instead: ' +
      `${publicUrl}/admin, signed in with an account listed in ADMIN_EMAILS (or given the admin role). ` +
      'To use this command, stop the server first, or run every process on PostgreSQL (DATABASE_URL).',
  );
}

/** Runs one operator verb (see ADMIN_USAGE); returns the line to print. */
export async function runAdminCommand(
  args: readonly string[],
  auth: AuthService,
  payments: PaymentsService,
): Promise<string> {
  const [verb, email, plan, ...rest] = args;
  if (verb === 'grant' && email && plan && rest.length === 0) {
    if (!isPlanId(plan) || plan === 'free') {
      throw new AdminUsageError(`Unknown plan '${plan}'. Plans: ${PLAN_IDS.filter((p) => p !== 'free').join(', ')}`);
    }
    const user = await auth.setPlan(email, plan);
    await payments.applyPlanRetention(user.user_id);
    return `${user.email} is now on plan ${user.plan} (groups: ${user.groups.join(', ')}). It applies from the next sign-in or token refresh.`;
  }
  if (verb === 'revoke' && email && plan === undefined) {
    const user = await auth.setPlan(email, 'free');
    await payments.applyPlanRetention(user.user_id);
    return `${user.email} is now on the free plan. It applies from the next sign-in or token refresh.`;
  }
  if ((verb === 'promote' || verb === 'demote') && email && plan === undefined) {
    const isAdmin = verb === 'promote';
    await auth.changeAccess((await auth.findByEmail(email)).user_id, { isAdmin });
    const user = await auth.findByEmail(email);
    const still = !isAdmin && auth.isConfiguredAdmin(user.email) ? ' It stays an admin through ADMIN_EMAILS.' : '';
    return `${user.email} ${isAdmin ? 'now has' : 'no longer has'} the admin role given here; its open sessions renew their token.${still}`;
  }
  if (verb === 'enable' && email && plan === undefined) {
    const user = await auth.findByEmail(email);
    await auth.setDisabled(user.user_id, false);
    return `${user.email} is enabled: it can sign in again.`;
  }
  throw new AdminUsageError(ADMIN_USAGE);
}
