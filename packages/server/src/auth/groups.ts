import type { CurrentUser } from '@unnest/contracts';
import type { UserRow } from './repository.js';

/** Group of operators (from ADMIN_EMAILS). */
export const ADMIN_GROUP = 'admin';
/** Group every paying account has; the web app unlocks premium features on it. */
export const PREMIUM_GROUP = 'premium';

/** Accounts listed in ADMIN_EMAILS are admins whatever the admin area says. */
export function isAdminByConfig(email: string, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(email);
}

/** The account as the client sees it: groups and premium status are computed here, never stored. */
export function describeUser(user: UserRow, adminEmails: readonly string[]): CurrentUser {
  const isPremium = user.plan !== 'free';
  const groups: string[] = [];
  if (isAdminByConfig(user.email, adminEmails) || user.isAdmin) groups.push(ADMIN_GROUP);
  if (isPremium) groups.push(PREMIUM_GROUP, user.plan);
  return {
    user_id: user.id,
    email: user.email,
    username: user.email,
    groups,
    is_premium: isPremium,
    plan: user.plan,
    created_at: user.createdAt.toISOString(),
  };
}
