import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Webhook } from '@unnest/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../lib/api-error';
import { formatDateTime } from '../lib/format-date';
import { useDeleteWebhook } from './api/delete-webhook';
import { useEnableWebhook } from './api/enable-webhook';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { useSendWebhookTest } from './api/send-webhook-test';
import { EVENT_LABELS } from './event-labels';
import { WebhookDeliveries } from './webhook-deliveries';

/** One endpoint: its URL, events and state, with test, rotate, deliveries, re-enable and delete. */
export function WebhookItem(props: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const { webhook, onSecret } = props;
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const enable = useEnableWebhook();
  const remove = useDeleteWebhook();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const disabled = webhook.disabled_at !== null;
  const failure = [test, rotate, enable, remove].find((mutation) => mutation.isError);

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" sx={{ wordBreak: 'break-all', fontWeight: 600 }}>
          {webhook.url}
        </Typography>
        <Chip size="small" color={disabled ? 'error' : 'success'} label={disabled ? 'Disabled' : 'Active'} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {webhook.events.map((event) => EVENT_LABELS[event]).join(', ')} · added {formatDateTime(webhook.created_at)}
        {webhook.previous_secret_expires_at &&
          ` · the previous secret signs too until ${formatDateTime(webhook.previous_secret_expires_at)}`}
      </Typography>
      {disabled && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => enable.mutate(webhook.id)} disabled={enable.isPending}>
              {enable.isPending ? 'Re-enabling...' : 'Re-enable'}
            </Button>
          }
        >
          Disabled on {formatDateTime(webhook.disabled_at ?? '')}. {webhook.disabled_reason}
        </Alert>
      )}
      {test.isSuccess && !test.isPending && (
        <Alert severity="success">Test message queued. Its delivery shows in the list below.</Alert>
      )}
      {failure && <Alert severity="error">{errorText(failure.error, 'Something went wrong. Please try again.')}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!disabled && (
          <Button
            size="small"
            variant="outlined"
            disabled={test.isPending}
            onClick={() => test.mutate(webhook.id, { onSuccess: () => setShowDeliveries(true) })}
          >
            {test.isPending ? 'Sending...' : 'Send test'}
          </Button>
        )}
        <Button size="small" variant="outlined" onClick={() => setConfirming('rotate')}>
          Rotate secret
        </Button>
        <Button
          size="small"
          variant="outlined"
          aria-expanded={showDeliveries}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" color="error" onClick={() => setConfirming('delete')}>
          Delete
        </Button>
      </Box>
      {showDeliveries && <WebhookDeliveries webhookId={webhook.id} />}
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete this webhook?"
        text={`Unnest stops sending events to ${webhook.url}, and its delivery log is deleted.`}
        confirmLabel="Delete webhook"
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => remove.mutate(webhook.id, { onSettled: () => setConfirming(null) })}
      />
      <ConfirmDialog
        open={confirming === 'rotate'}
        title="Rotate the signing secret?"
        text="A new secret signs every delivery from now on. The current one also signs them for 24 hours, so you can update your receiver without missing a webhook."
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          rotate.mutate(webhook.id, {
            onSuccess: (answer) => onSecret(answer.secret),
            onSettled: () => setConfirming(null),
          })
        }
      />
    </Paper>
  );
}
