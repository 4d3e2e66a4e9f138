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
import { AccountAccessButtons } from './account-access-buttons';
import { AddCreditsDialog } from './add-credits-dialog';
import { type AdminUserAction, useAdminUserAction } from './api/admin-user-actions';
import { type Confirmation, confirmationOf, doneText } from './user-action-texts';

const CONFIG_ADMIN_REASON_ID = 'admin-from-config-reason';
const PLAN_OPTIONS = PLAN_IDS.map((plan) => ({ value: plan, label: plan[0]?.toUpperCase() + plan.slice(1) }));

/** The admin's actions on one account, each confirmed when it cannot be undone. */
export function UserActions({ account }: { account: AdminUserDetail }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const mutation = useAdminUserAction(account.user_id);
  const [plan, setPlan] = useState<PlanId>(account.plan);
  const [pending, setPending] = useState<Confirmation | null>(null);
  const [creditsOpen, setCreditsOpen] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

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
              onClick={() => setPending(confirmationOf({ kind: 'plan', plan }, account))}
            >
              Change plan
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => setCreditsOpen(true)}>
              Add credits
            </Button>
            <AccountAccessButtons
              account={account}
              self={user?.userId === account.user_id}
              lockedReasonId={CONFIG_ADMIN_REASON_ID}
              confirm={(action) => setPending(confirmationOf(action, account))}
              run={run}
            />
          </Stack>
          {account.admin_from_config && (
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
