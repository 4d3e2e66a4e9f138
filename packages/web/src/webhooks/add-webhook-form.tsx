import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type WebhookEventType } from '@unnest/contracts';
import { type FormEvent, useState } from 'react';
import { errorText } from '../lib/api-error';
import { useCreateWebhook } from './api/create-webhook';
import { EVENT_LABELS } from './event-labels';

/** Adds an endpoint: its URL and the events it receives; `onCreated` gets the one-time secret. */
export function AddWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['conversion.completed']);
  const noEvents = events.length === 0;

  function toggle(event: WebhookEventType, checked: boolean) {
    setEvents((current) => (checked ? [...current, event] : current.filter((e) => e !== event)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (noEvents || url.trim() === '') return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          onCreated(created.secret);
        },
      },
    );
  }

  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        label="Endpoint URL"
        placeholder="https://example.com/webhooks/unnest"
        type="url"
        required
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX_LENGTH } }}
        fullWidth
      />
      <FormControl component="fieldset" error={noEvents}>
        <FormLabel component="legend">Events</FormLabel>
        <FormGroup>
          {WEBHOOK_EVENTS.map((type) => (
            <FormControlLabel
              key={type}
              control={<Checkbox checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />}
              label={EVENT_LABELS[type]}
            />
          ))}
        </FormGroup>
        {noEvents && <FormHelperText>Choose at least one event.</FormHelperText>}
      </FormControl>
      {create.isError && (
        <Alert severity="error">{errorText(create.error, 'Failed to add the webhook. Please try again.')}</Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={create.isPending || noEvents}>
          {create.isPending ? 'Adding...' : 'Add webhook'}
        </Button>
      </Box>
    </Box>
  );
}
