import Button from '@mui/material/Button';
import type { AdminUserDetail } from '@unnest/contracts';
import type { AdminUserAction } from './api/admin-user-actions';
import type { ConfirmedAction } from './user-action-texts';

/**
 * The buttons on an account's role, sign-in and existence. An ADMIN_EMAILS account is the operator's:
 * these stay visible but disabled, described by `lockedReasonId`, so nobody wonders where they went.
 */
export function AccountAccessButtons({
  account,
  self,
  lockedReasonId,
  confirm,
  run,
}: {
  account: AdminUserDetail;
  /** The account is the admin's own: it cannot take its own role, disable or delete itself here. */
  self: boolean;
  lockedReasonId: string;
  confirm: (action: ConfirmedAction) => void;
  run: (action: AdminUserAction) => void;
}) {
  const fromConfig = account.admin_from_config;
  const locked = { disabled: fromConfig, ...(fromConfig ? { 'aria-describedby': lockedReasonId } : {}) };
  return (
    <>
      {account.is_admin && !self && (
        <Button variant="outlined" {...locked} onClick={() => confirm({ kind: 'role', admin: false })}>
          Take admin role
        </Button>
      )}
      {!account.is_admin && (
        <Button variant="outlined" onClick={() => confirm({ kind: 'role', admin: true })}>
          Give admin role
        </Button>
      )}
      {!account.email_confirmed && (
        <Button variant="outlined" onClick={() => run({ kind: 'resend-confirmation' })}>
          Resend confirmation
        </Button>
      )}
      {account.disabled ? (
        <Button variant="outlined" onClick={() => run({ kind: 'enable' })}>
          Enable account
        </Button>
      ) : (
        !self && (
          <Button variant="outlined" color="error" {...locked} onClick={() => confirm({ kind: 'disable' })}>
            Disable account
          </Button>
        )
      )}
      {!self && (
        <Button variant="outlined" color="error" {...locked} onClick={() => confirm({ kind: 'delete' })}>
          Delete account
        </Button>
      )}
    </>
  );
}
