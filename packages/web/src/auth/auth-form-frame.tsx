import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import type { DialogMode } from './auth-dialog-mode';
import { requiredFieldsFilled, validateAuthForm } from './auth-form-validation';
import type { AuthModeProps } from './auth-mode-props';

/**
 * Everything around one mode's fields: the title, the message banner, Cancel and the submit button,
 * which stays disabled until the mode's fields are filled. A submit is checked against the spec's
 * rules first; only a valid form clears the banner and reaches `onSubmit`.
 */
export function AuthFormFrame(
  props: AuthModeProps & {
    mode: DialogMode;
    title: string;
    submitLabel: string;
    /** A request is on its way: the submit button reads 'Processing...'. */
    busy: boolean;
    onSubmit: () => void;
    cancelLabel?: string;
    children: ReactNode;
  },
) {
  const { state, dispatch, mode, busy, onSubmit, children } = props;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateAuthForm(mode, state.form);
    if (invalid) {
      dispatch({ type: 'failed', error: { type: 'GENERAL_ERROR', message: invalid } });
      return;
    }
    dispatch({ type: 'noticed', notice: null });
    onSubmit();
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
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !requiredFieldsFilled(mode, state.form)}
          sx={{ minWidth: 132 }}
        >
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
