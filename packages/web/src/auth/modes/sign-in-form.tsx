import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { startSession } from '../../lib/session-store';
import { useLogin } from '../api/login';
import { authErrorFrom } from '../auth-error';
import { EmailField, ModeIntro, ModeLink, ModeLinks, PasswordField } from '../auth-fields';
import { AuthFormFrame } from '../auth-form-frame';
import type { AuthModeProps } from '../auth-mode-props';

/** How long the sign-in success message shows before the dialog closes (spec section 9). */
export const SIGN_IN_REDIRECT_MS = 1500;

/** Sign in with e-mail and password; an unconfirmed address goes on to confirm mode. */
export function SignInForm(props: AuthModeProps) {
  const { state, dispatch, onSignedIn } = props;
  const login = useLogin();
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  // After a password reset the e-mail is kept: the new password is all there is left to type.
  const emailKept = state.form.email !== '';

  function submit() {
    const email = state.form.email.trim();
    login.mutate(
      { email, password: state.form.password },
      {
        onSuccess: (response) => {
          dispatch({
            type: 'noticed',
            notice: { severity: 'success', text: 'Sign in successful! Redirecting to dashboard...' },
          });
          setRedirecting(true);
          redirectTimer.current = setTimeout(() => {
            setRedirecting(false);
            if (startSession(response.tokens.access_token)) onSignedIn?.();
            else dispatch({ type: 'failed', error: { type: 'GENERAL_ERROR', message: 'Invalid response format' } });
          }, SIGN_IN_REDIRECT_MS);
        },
        onError: (caught) => {
          const error = authErrorFrom(caught, 'Sign in failed');
          if (error.type === 'EMAIL_NOT_CONFIRMED') dispatch({ type: 'confirmation-needed', email });
          else dispatch({ type: 'failed', error });
        },
      },
    );
  }

  return (
    <AuthFormFrame
      {...props}
      mode="signin"
      title="Sign In"
      submitLabel="Sign In"
      busy={login.isPending || redirecting}
      onSubmit={submit}
    >
      <ModeIntro>Welcome back. Sign in to convert, store and track your files.</ModeIntro>
      <EmailField {...props} autoFocus={!emailKept} />
      <PasswordField {...props} label="Password" autoComplete="current-password" autoFocus={emailKept} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ModeLink label="Forgot password?" onClick={() => dispatch({ type: 'switched', mode: 'forgot-password' })} />
      </Box>
      <ModeLinks>
        <span>
          Don&apos;t have an account?{' '}
          <ModeLink label="Create one" onClick={() => dispatch({ type: 'switched', mode: 'signup' })} />
        </span>
        <ModeLink label="Have a code? Confirm email" onClick={() => dispatch({ type: 'switched', mode: 'confirm' })} />
      </ModeLinks>
    </AuthFormFrame>
  );
}
