import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import type { AuthModeProps } from './auth-mode-props';

/** Everything around one mode's fields: the title, the message banner, Cancel and the submit button. */
export function AuthFormFrame(
  props: AuthModeProps & {
    title: string;
    submitLabel: string;
    /** A request is on its way: the submit button reads 'Processing...'. */
    busy: boolean;
    /** The fields the mode needs are filled. */
    ready: boolean;
    onSubmit: () => void;
    cancelLabel?: string;
    children: ReactNode;
  },
) {
  const { busy, ready, onSubmit, children } = props;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="auth-dialog-title" sx={{ pb: 1 }}>
        {props.title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Banner {...props} />
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={props.onClose} color="inherit">
          {props.cancelLabel ?? 'Cancel'}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || !ready} sx={{ minWidth: 132 }}>
          {busy ? 'Processing...' : props.submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The error (with the action its type offers) or the notice of the moment, above the fields. */
function Banner({ state, dispatch }: AuthModeProps) {
  const { error, notice, mode } = state;
  if (error?.type === 'USER_NOT_FOUND') {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => dispatch({ type: 'switched', mode: 'signup' })}>
            Sign Up
          </Button>
        }
      >
        User not found. Would you like to sign up instead?
      </Alert>
    );
  }
  if (error) {
    const offerConfirm = error.type === 'EMAIL_NOT_CONFIRMED' && mode !== 'confirm';
    return (
      <Alert
        severity="error"
        action={
          offerConfirm ? (
            <Button color="inherit" size="small" onClick={() => dispatch({ type: 'switched', mode: 'confirm' })}>
              Confirm Email
            </Button>
          ) : undefined
        }
      >
        {error.message || 'An error occurred. Please try again.'}
      </Alert>
    );
  }
  if (notice && mode !== 'success') return <Alert severity={notice.severity}>{notice.text}</Alert>;
  return null;
}
