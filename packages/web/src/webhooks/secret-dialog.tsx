import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** Shows a signing secret, the one time the server sends it, with a copy button. */
export function SecretDialog(props: { secret: string | null; rotated: boolean; onClose: () => void }) {
  const { secret, rotated, onClose } = props;
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copySecret() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  function close() {
    setCopy('idle');
    onClose();
  }

  return (
    <Dialog open={secret !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{rotated ? 'New signing secret' : 'Webhook added'}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          Copy the signing secret now: it is shown only once. Your receiver verifies each webhook with it (Standard
          Webhooks).
          {rotated && ' The previous secret also signs deliveries for the next 24 hours.'}
        </DialogContentText>
        <TextField
          label="Signing secret"
          value={secret ?? ''}
          fullWidth
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        {copy === 'copied' && <Alert severity="success">Secret copied to the clipboard.</Alert>}
        {copy === 'failed' && <Alert severity="warning">Copying failed: select the secret and copy it by hand.</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={copySecret}>Copy secret</Button>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
