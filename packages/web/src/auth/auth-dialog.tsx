import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ComponentType, useEffect, useReducer, useRef } from 'react';
import type { AuthMode } from '../lib/auth-dialog-control';
import { useSession } from '../lib/session';
import type { DialogMode } from './auth-dialog-mode';
import { authDialogReducer, openedState } from './auth-dialog-state';
import type { AuthModeProps } from './auth-mode-props';
import { ConfirmForm } from './modes/confirm-form';
import { ForgotPasswordForm } from './modes/forgot-password-form';
import { ResetPasswordForm } from './modes/reset-password-form';
import { SignInForm } from './modes/sign-in-form';
import { SignUpForm } from './modes/sign-up-form';
import { SignUpSuccess } from './modes/sign-up-success';

/** One component per mode, all over the one state machine of `auth-dialog-state.ts`. */
const MODE_FORMS: Record<DialogMode, ComponentType<AuthModeProps>> = {
  signin: SignInForm,
  signup: SignUpForm,
  confirm: ConfirmForm,
  success: SignUpSuccess,
  'forgot-password': ForgotPasswordForm,
  'reset-password': ResetPasswordForm,
};

/** Props of the authentication dialog (spec section 2.2). */
export interface AuthDialogProps {
  open: boolean;
  onClose: () => void;
  initialMode?: AuthMode;
  /** Prefills the e-mail; in confirm mode the field is then locked. */
  pendingEmail?: string;
  /** Called once a sign-in has completed and the session has started. */
  onSignedIn?: () => void;
}

/**
 * Sign in, sign up, confirm the e-mailed code, the sign-up success screen, and the password reset
 * (e-mail, then code and new password), against the auth API.
 */
export function AuthDialog({ open, onClose, initialMode = 'signin', pendingEmail, onSignedIn }: AuthDialogProps) {
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const { user } = useSession();
  const [state, dispatch] = useReducer(authDialogReducer, openedState(initialMode, pendingEmail));

  // Each opening starts from the mode and e-mail the opener asked for.
  useEffect(() => {
    if (open) dispatch({ type: 'opened', mode: initialMode, email: pendingEmail });
  }, [open, initialMode, pendingEmail]);

  function close() {
    dispatch({ type: 'closed' });
    onClose();
  }

  // The dialog closes and resets once someone is signed in.
  const signedIn = user !== null;
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (signedIn && open) closeRef.current();
  }, [signedIn, open]);

  const ModeForm = MODE_FORMS[state.mode];
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="auth-dialog-title"
    >
      {/* A new key per opening and mode: the form starts afresh and a pending sign-in timer stops. */}
      <ModeForm
        key={`${state.generation}-${state.mode}`}
        state={state}
        dispatch={dispatch}
        onClose={close}
        onSignedIn={onSignedIn}
      />
    </Dialog>
  );
}
