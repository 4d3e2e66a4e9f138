import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AdminUserDetail, PLAN_IDS, type PlanId } from '@unnest/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LabelledSelect } from '../components/labelled-select';
import { errorText } from '../lib/api-error';
import { useSession } from '../lib/session';
import { AddCreditsDialog } from './add-credits-dialog';
import { type AdminUserAction, useAdminUserAction } from './api/admin-user-actions';

const CONFIG_ADMIN_REASON_ID = 'admin-from-config-reason';
const PLAN_OPTIONS = PLAN_IDS.map((plan) => ({ value: plan, label: plan[0]?.toUpperCase() + plan.slice(1) }));

/** An action that needs a confirmation first, with what the dialog says. */
interface Pending {
  action: AdminUserAction;
  title: string;
  text: string;
  confirmLabel: string;
}

/** What the action did, said once it is done. */
function doneText(action: AdminUserAction, email: string): string {
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

/** The admin's actions on one account, each confirmed when it cannot be undone. */
export function UserActions({ account }: { account: AdminUserDetail }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const mutation = useAdminUserAction(account.user_id);
  const [plan, setPlan] = useState<PlanId>(account.plan);
  const [pending, setPending] = useState<Pending | null>(null);
  const [creditsOpen, setCreditsOpen] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const self = user?.userId === account.user_id;
  // An ADMIN_EMAILS account is the operator's: its role, sign-in and existence are not for the admin
  // area. Its buttons stay visible but disabled, described by the reason, so nobody wonders where they went.
  const fromConfig = account.admin_from_config;
  const lockedReason = fromConfig ? { 'aria-describedby': CONFIG_ADMIN_REASON_ID } : {};

  function run(action: AdminUserAction) {
    setMessage(null);
    mutation.mutate(action, {
      onSuccess: () => {
        setPending(null);
        setCreditsOpen(false);
        if (action.kind === 'delete') {
          navigate('/admin/users', { replace: true });
          return;
        }
        setMessage({ severity: 'success', text: doneText(action, account.email) });
      },
      onError: (error) => {
        setPending(null);
        setCreditsOpen(false);
        setMessage({ severity: 'error', text: errorText(error, 'The action failed. Please try again.') });
      },
    });
  }

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Actions
        </Typography>
        {message && (
          <Alert severity={message.severity} onClose={() => setMessage(null)} sx={{ mb: 2 }} role="status">
            {message.text}
          </Alert>
        )}
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <LabelledSelect
              id="admin-plan"
              label="Plan"
              value={plan}
              options={PLAN_OPTIONS}
              onChange={setPlan}
              minWidth={180}
            />
            <Button
              variant="contained"
              disabled={plan === account.plan || mutation.isPending}
              onClick={() =>
                setPending({
                  action: { kind: 'plan', plan },
                  title: 'Change the plan?',
                  text: `${account.email} goes from the ${account.plan} plan to the ${plan} plan. Its limits change at once.`,
                  confirmLabel: 'Change plan',
                })
              }
            >
              Change plan
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => setCreditsOpen(true)}>
              Add credits
            </Button>
            {account.is_admin && !self && (
              <Button
                variant="outlined"
                disabled={fromConfig}
                {...lockedReason}
                onClick={() =>
                  setPending({
                    action: { kind: 'role', admin: false },
                    title: 'Take the admin role?',
                    text: `${account.email} loses access to the admin area from its next request.`,
                    confirmLabel: 'Take admin role',
                  })
                }
              >
                Take admin role
              </Button>
            )}
            {!account.is_admin && (
              <Button
                variant="outlined"
                onClick={() =>
                  setPending({
                    action: { kind: 'role', admin: true },
                    title: 'Give the admin role?',
                    text: `${account.email} can then see every account and act on it, as you can.`,
                    confirmLabel: 'Give admin role',
                  })
                }
              >
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
                <Button
                  variant="outlined"
                  color="error"
                  disabled={fromConfig}
                  {...lockedReason}
                  onClick={() =>
                    setPending({
                      action: { kind: 'disable' },
                      title: 'Disable this account?',
                      text: `${account.email} will not be able to sign in, and its open sessions end now. You can enable it again later.`,
                      confirmLabel: 'Disable',
                    })
                  }
                >
                  Disable account
                </Button>
              )
            )}
            {!self && (
              <Button
                variant="outlined"
                color="error"
                disabled={fromConfig}
                {...lockedReason}
                onClick={() =>
                  setPending({
                    action: { kind: 'delete' },
                    title: 'Delete this account?',
                    text: `${account.email}, its files and its history will be deleted; the audit keeps what admins did to it and by it. This action cannot be undone.`,
                    confirmLabel: 'Delete account',
                  })
                }
              >
                Delete account
              </Button>
            )}
          </Stack>
          {fromConfig && (
            <Typography id={CONFIG_ADMIN_REASON_ID} variant="body2" color="text.secondary">
              This account is an admin through the ADMIN_EMAILS setting of the server, so it cannot be demoted, disabled
              or deleted here. Remove it from ADMIN_EMAILS on the server first.
            </Typography>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        text={pending?.text ?? ''}
        confirmLabel={pending?.confirmLabel ?? ''}
        busy={mutation.isPending}
        onConfirm={() => pending && run(pending.action)}
        onCancel={() => setPending(null)}
      />
      {creditsOpen && (
        <AddCreditsDialog
          open
          email={account.email}
          busy={mutation.isPending}
          onSubmit={(grant) => run({ kind: 'credits', grant })}
          onCancel={() => setCreditsOpen(false)}
        />
      )}
    </Card>
  );
}
