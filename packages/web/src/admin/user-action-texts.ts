import type { AdminUserDetail } from '@unnest/contracts';
import type { AdminUserAction } from './api/admin-user-actions';

/** The actions asked for confirmation first: the ones that change access or cannot be undone. */
export type ConfirmedAction = Extract<AdminUserAction, { kind: 'plan' | 'role' | 'disable' | 'delete' }>;

/** What the confirmation dialog of an action says. */
export interface Confirmation {
  action: ConfirmedAction;
  title: string;
  text: string;
  confirmLabel: string;
}

/** The confirmation an action asks for on this account. */
export function confirmationOf(action: ConfirmedAction, account: AdminUserDetail): Confirmation {
  const { email } = account;
  switch (action.kind) {
    case 'plan':
      return {
        action,
        title: 'Change the plan?',
        text: `${email} goes from the ${account.plan} plan to the ${action.plan} plan. Its limits change at once.`,
        confirmLabel: 'Change plan',
      };
    case 'role':
      return action.admin
        ? {
            action,
            title: 'Give the admin role?',
            text: `${email} can then see every account and act on it, as you can.`,
            confirmLabel: 'Give admin role',
          }
        : {
            action,
            title: 'Take the admin role?',
            text: `${email} loses access to the admin area from its next request.`,
            confirmLabel: 'Take admin role',
          };
    case 'disable':
      return {
        action,
        title: 'Disable this account?',
        text: `${email} will not be able to sign in, and its open sessions end now. You can enable it again later.`,
        confirmLabel: 'Disable',
      };
    case 'delete':
      return {
        action,
        title: 'Delete this account?',
        text: `${email}, its files and its history will be deleted; the audit keeps what admins did to it and by it. This action cannot be undone.`,
        confirmLabel: 'Delete account',
      };
  }
}

/** What the action did, said once it is done. */
export function doneText(action: AdminUserAction, email: string): string {
  switch (action.kind) {
    case 'plan':
      return `${email} is now on the ${action.plan} plan. Its limits apply at once.`;
    case 'credits':
      return `Added ${action.grant.credits} credit(s) to ${email}.`;
    case 'role':
      return action.admin ? `${email} is now an admin.` : `${email} is no longer an admin.`;
    case 'disable':
      return `${email} is disabled: it cannot sign in and its sessions have ended.`;
    case 'enable':
      return `${email} can sign in again.`;
    case 'resend-confirmation':
      return `A new confirmation code was sent to ${email}.`;
    case 'delete':
      return `${email} has been deleted.`;
  }
}
