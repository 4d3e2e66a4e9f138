import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { CreatedApiKey } from '@unnest/contracts';
import { type FormEvent, useState } from 'react';
import { LabelledSelect } from '../components/labelled-select';
import { errorText } from '../lib/api-error';
import { useCreateApiKey } from './api/create-api-key';

/** Expiry choices in days; 0 stands for none (the key works until revoked). */
const EXPIRY: { value: number; label: string }[] = [
  { value: 0, label: 'Never' },
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
];

/** Names and creates a key; hands the created key (shown once) to `onCreated`. */
export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState(0);
  const [missingName, setMissingName] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setMissingName(true);
      return;
    }
    create.mutate(
      { name: name.trim(), ...(expiry > 0 ? { expires_in_days: expiry } : {}) },
      {
        onSuccess: (created) => {
          setName('');
          setExpiry(0);
          onCreated(created);
        },
      },
    );
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="Key name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setMissingName(false);
          }}
          error={missingName}
          helperText={missingName ? 'Please give the key a name' : 'Where it will be used, e.g. “nightly export”'}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 220px' }}
        />
        <LabelledSelect
          id="key-expiry"
          label="Expires"
          value={expiry}
          options={EXPIRY}
          onChange={setExpiry}
          minWidth={140}
        />
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create key'}
        </Button>
      </Box>
      {create.isError && <Alert severity="error">{errorText(create.error, 'Failed to create the API key.')}</Alert>}
    </Box>
  );
}
