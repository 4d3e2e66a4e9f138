import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AdminAddCreditsBody } from '@unnest/contracts';
import { type FormEvent, useState } from 'react';

const MAX_CREDITS = 10_000;

/**
 * Asks how many credits to add and why. The request id is chosen when the dialog opens, so a double
 * submit or a retry of the same grant adds the credits once (the server keeps the id).
 */
export function AddCreditsDialog(props: {
  open: boolean;
  email: string;
  busy: boolean;
  onSubmit: (grant: AdminAddCreditsBody) => void;
  onCancel: () => void;
}) {
  const [credits, setCredits] = useState('10');
  const [reason, setReason] = useState('');
  const [requestId] = useState(() => crypto.randomUUID());
  const amount = Number(credits);
  const amountValid = Number.isInteger(amount) && amount >= 1 && amount <= MAX_CREDITS;
  const reasonValid = reason.trim().length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (amountValid && reasonValid) props.onSubmit({ credits: amount, reason: reason.trim(), request_id: requestId });
  }

  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onCancel} aria-labelledby="credits-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="credits-title">Add credits</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Credits for {props.email}. The reason is kept in the audit log.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              label="Credits"
              type="number"
              value={credits}
              onChange={(event) => setCredits(event.target.value)}
              error={!amountValid}
              helperText={amountValid ? ' ' : `A whole number from 1 to ${MAX_CREDITS}`}
              slotProps={{ htmlInput: { min: 1, max: MAX_CREDITS, step: 1 } }}
              required
            />
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              helperText="For example: a refund for a failed batch"
              slotProps={{ htmlInput: { maxLength: 500 } }}
              required
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onCancel} color="inherit" disabled={props.busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={props.busy || !amountValid || !reasonValid}>
            {props.busy ? 'Adding...' : 'Add credits'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
