import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSubscription } from '../lib/api/get-subscription';
import { errorText } from '../lib/api-error';
import { formatDate } from '../lib/format-date';
import { useSetRenewal } from './api/set-renewal';

/**
 * Settings' Manage Subscription: the bought plan and until when it runs. Plans are bought one month at
 * a time and never renew by themselves; renewal is a reminder e-mail, which can be stopped or resumed.
 */
export function ManageSubscription() {
  const subscription = useSubscription();
  const renewal = useSetRenewal();
  const sub = subscription.data;
  if (!sub) return null;
  const until = sub.period_end ? formatDate(sub.period_end) : null;
  return (
    <Stack spacing={1.5}>
      <Typography>
        {until
          ? `${sub.plan_name} plan until ${until}. Plans are bought one month at a time and never renew by themselves. ${
              sub.renews
                ? 'We e-mail you 3 days before it ends so you can buy the next month.'
                : 'Renewal reminders are off: unless you buy the next month, the plan ends then and you go back to Free.'
            }`
          : `${sub.plan_name} plan.`}{' '}
        Conversion credits: {sub.credits}.
      </Typography>
      {renewal.isError && (
        <Alert severity="error">
          {errorText(renewal.error, 'Failed to change renewal reminders. Please try again.')}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        {until && (
          <Button
            variant="outlined"
            color={sub.renews ? 'warning' : 'primary'}
            onClick={() => renewal.mutate(!sub.renews)}
            disabled={renewal.isPending}
          >
            {sub.renews ? 'Stop Renewal Reminders' : 'Resume Renewal Reminders'}
          </Button>
        )}
        <Button variant="outlined" component={RouterLink} to="/dashboard">
          Plans and payments
        </Button>
      </Stack>
    </Stack>
  );
}
