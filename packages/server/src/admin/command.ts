import { isPlanId, PLAN_IDS } from '@unnest/contracts';
import type { AuthService } from '../auth/service.js';

/** How to call the operator command. */
export const ADMIN_USAGE = `Usage:
  npm run admin -- grant EMAIL PLAN   give an account a plan (${PLAN_IDS.filter((p) => p !== 'free').join(', ')})
  npm run admin -- revoke EMAIL       put an account back on the free plan`;

/** Raised for a malformed command line; the message is for the operator. */
export class AdminUsageError extends Error {}

/** Runs `grant EMAIL PLAN` or `revoke EMAIL`; returns the line to print. */
export async function runAdminCommand(args: readonly string[], auth: AuthService): Promise<string> {
  const [verb, email, plan, ...rest] = args;
  if (verb === 'grant' && email && plan && rest.length === 0) {
    if (!isPlanId(plan) || plan === 'free') {
      throw new AdminUsageError(`Unknown plan '${plan}'. Plans: ${PLAN_IDS.filter((p) => p !== 'free').join(', ')}`);
    }
    const user = await auth.setPlan(email, plan);
    return `${user.email} is now on plan ${user.plan} (groups: ${user.groups.join(', ')}). It applies from the next sign-in or token refresh.`;
  }
  if (verb === 'revoke' && email && plan === undefined) {
    const user = await auth.setPlan(email, 'free');
    return `${user.email} is now on the free plan. It applies from the next sign-in or token refresh.`;
  }
  throw new AdminUsageError(ADMIN_USAGE);
}
