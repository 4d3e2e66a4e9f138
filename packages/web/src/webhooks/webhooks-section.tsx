import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../components/query-error';
import { usePlans } from '../lib/api/get-plans';
import { useSubscription } from '../lib/api/get-subscription';
import { AddWebhookForm } from './add-webhook-form';
import { useWebhooks } from './api/get-webhooks';
import { SecretDialog } from './secret-dialog';
import { WebhookItem } from './webhook-item';

/** Whether the user's plan includes API access (and so webhooks), from the server's catalogue. */
function useApiAccess(): boolean | undefined {
  const subscription = useSubscription();
  const plans = usePlans();
  if (!subscription.data || !plans.data) return undefined;
  const plan = plans.data.plans.find((candidate) => candidate.id === subscription.data.plan);
  return plan === undefined ? undefined : plan.api_calls_per_month !== 0;
}

/** Settings → Webhooks: the user's endpoints and the form that adds one. */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const apiAccess = useApiAccess();
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Unnest sends a signed POST (Standard Webhooks) to your URL when a conversion completes or fails, a batch
        completes, or a kept file is about to expire. A failed delivery is tried again 6 times over about 23 hours.
      </Typography>
      {apiAccess === false && (
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/pricing" color="inherit" size="small">
              See plans
            </Button>
          }
        >
          Webhooks come with API access, which your plan does not include. Upgrade to Starter or above to add webhooks.
        </Alert>
      )}
      {apiAccess !== false && <AddWebhookForm onCreated={(value) => setSecret({ value, rotated: false })} />}
      {webhooks.isPending && <Skeleton variant="rounded" height={96} />}
      {webhooks.isError && (
        <QueryError error={webhooks.error} fallback="Failed to load your webhooks" onRetry={() => webhooks.refetch()} />
      )}
      {webhooks.data?.webhooks.map((webhook) => (
        <WebhookItem key={webhook.id} webhook={webhook} onSecret={(value) => setSecret({ value, rotated: true })} />
      ))}
      <SecretDialog secret={secret?.value ?? null} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
    </Stack>
  );
}
