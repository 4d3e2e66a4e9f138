import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorText } from '../lib/api-error';
import type { AuthMode } from '../lib/auth-dialog-control';
import { useSession } from '../lib/session';
import { startSession } from '../lib/session-store';
import { useConfirmSignup } from './api/confirm-signup';
import { useForgotPassword } from './api/forgot-password';
import { useLogin } from './api/login';
import { useResendConfirmation } from './api/resend-confirmation';
import { useResetPassword } from './api/reset-password';
import { useSignup } from './api/signup';
import type { DialogMode } from './auth-dialog-mode';
import { type AuthError, classifyAuthError } from './auth-error';
import { type AuthForm, codeInput, EMPTY_FORM, requiredFieldsFilled, validateAuthForm } from './auth-form-validation';

/** How long the sign-in success message shows before the dialog closes (spec section 9). */
export const SIGN_IN_REDIRECT_MS = 1500;

const TITLES: Record<DialogMode, string> = {
  signin: 'Sign In',
  signup: 'Create Account',
  confirm: 'Confirm Email',
  success: 'Sign Up Successful!',
  'forgot-password': 'Reset Password',
  'reset-password': 'Reset Password',
};

const SUBMIT_LABELS: Record<DialogMode, string> = {
  signin: 'Sign In',
  signup: 'Create Account',
  confirm: 'Confirm Email',
  success: 'Sign In Now',
  'forgot-password': 'Send Code',
  'reset-password': 'Reset Password',
};

// The server answers forgot-password alike for every address, so these never say the account exists.
const RESET_CODE_SENT = 'If an account exists for this email, we have sent it a 6-digit reset code.';
const RESET_CODE_RESENT = 'If an account exists for this email, we have sent it a new reset code.';
const PASSWORD_RESET_DONE = 'Password reset successfully! You can now sign in with your new password.';

/** A message above the form: success after an action, info where nothing can be promised. */
interface Notice {
  severity: 'success' | 'info';
  text: string;
}

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
  const [mode, setMode] = useState<DialogMode>(initialMode);
  const [form, setForm] = useState<AuthForm>({ ...EMPTY_FORM, email: pendingEmail ?? '' });
  const [lockedEmail, setLockedEmail] = useState<string | undefined>(pendingEmail);
  const [error, setError] = useState<AuthError | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The e-mail and password inputs stay mounted across modes, so autoFocus does not move the cursor.
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const login = useLogin();
  const signup = useSignup();
  const confirm = useConfirmSignup();
  const resend = useResendConfirmation();
  const sendResetCode = useForgotPassword();
  // Its own mutation so that resending shows on the link and leaves the submit button alone.
  const resendResetCode = useForgotPassword();
  const passwordReset = useResetPassword();
  const busy =
    login.isPending ||
    signup.isPending ||
    confirm.isPending ||
    sendResetCode.isPending ||
    passwordReset.isPending ||
    redirecting;

  // Each opening starts from the mode and e-mail the opener asked for.
  useEffect(() => {
    if (!open) return;
    setMode(initialMode);
    setForm({ ...EMPTY_FORM, email: pendingEmail ?? '' });
    setLockedEmail(pendingEmail);
    setError(null);
    setNotice(null);
  }, [open, initialMode, pendingEmail]);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // The first reset step asks for the e-mail only: put the cursor there (after it is enabled again).
  useEffect(() => {
    if (mode === 'forgot-password') emailInput.current?.focus();
  }, [mode]);

  function reset() {
    clearTimeout(redirectTimer.current);
    redirectTimer.current = undefined;
    setRedirecting(false);
    setMode('signin');
    setForm(EMPTY_FORM);
    setLockedEmail(undefined);
    setError(null);
    setNotice(null);
    setShowPassword(false);
  }

  function close() {
    reset();
    onClose();
  }

  // The dialog closes and resets once someone is signed in.
  const signedIn = user !== null;
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (signedIn && open) closeRef.current();
  }, [signedIn, open]);

  function switchMode(next: DialogMode) {
    setError(null);
    setNotice(null);
    setShowPassword(false);
    // Sign in starts from an empty form; the other modes keep the e-mail.
    setForm((previous) => (next === 'signin' ? EMPTY_FORM : { ...EMPTY_FORM, email: previous.email }));
    if (next === 'signin') setLockedEmail(undefined);
    setMode(next);
  }

  function update(field: keyof AuthForm, value: string) {
    setForm((previous) => ({ ...previous, [field]: field === 'confirmationCode' ? codeInput(value) : value }));
  }

  function fail(caught: unknown, fallback: string) {
    const message = errorText(caught, fallback);
    setNotice(null);
    // A reset error such as 'Invalid verification code' would read as EMAIL_NOT_CONFIRMED and offer
    // to confirm the address; in the reset steps the server's text is all there is to show.
    const resetting = mode === 'forgot-password' || mode === 'reset-password';
    setError({ type: resetting ? 'GENERAL_ERROR' : classifyAuthError(message), message });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (mode === 'success') {
      switchMode('signin');
      return;
    }
    const invalid = validateAuthForm(mode, form);
    if (invalid) {
      setNotice(null);
      setError({ type: 'GENERAL_ERROR', message: invalid });
      return;
    }
    setError(null);
    setNotice(null);
    const email = form.email.trim();
    if (mode === 'signin') {
      try {
        const response = await login.mutateAsync({ email, password: form.password });
        setNotice({ severity: 'success', text: 'Sign in successful! Redirecting to dashboard...' });
        setRedirecting(true);
        redirectTimer.current = setTimeout(() => {
          redirectTimer.current = undefined;
          setRedirecting(false);
          if (startSession(response.tokens.access_token)) onSignedIn?.();
          else setError({ type: 'GENERAL_ERROR', message: 'Invalid response format' });
        }, SIGN_IN_REDIRECT_MS);
      } catch (caught) {
        const message = errorText(caught, 'Sign in failed');
        if (classifyAuthError(message) === 'EMAIL_NOT_CONFIRMED') {
          setMode('confirm');
          setLockedEmail(email);
          setForm({ ...EMPTY_FORM, email });
          setError({ type: 'EMAIL_NOT_CONFIRMED', message: 'Please confirm your email address before signing in.' });
        } else {
          fail(caught, 'Sign in failed');
        }
      }
    } else if (mode === 'signup') {
      try {
        await signup.mutateAsync({ email, password: form.password });
        setMode('confirm');
        setLockedEmail(email);
        setForm({ ...EMPTY_FORM, email });
        setNotice({
          severity: 'success',
          text: 'Account created successfully! Please check your email for a confirmation code.',
        });
      } catch (caught) {
        fail(caught, 'Sign up failed');
      }
    } else if (mode === 'confirm') {
      try {
        await confirm.mutateAsync({ email, confirmation_code: form.confirmationCode });
        setMode('success');
        setNotice({ severity: 'success', text: 'Email confirmed successfully! You can now sign in.' });
      } catch (caught) {
        fail(caught, 'Confirmation failed');
      }
    } else if (mode === 'forgot-password') {
      try {
        await sendResetCode.mutateAsync({ email });
        setMode('reset-password');
        setForm({ ...EMPTY_FORM, email });
        setNotice({ severity: 'info', text: RESET_CODE_SENT });
      } catch (caught) {
        fail(caught, 'Failed to send the reset code');
      }
    } else {
      try {
        await passwordReset.mutateAsync({ email, code: form.confirmationCode, new_password: form.password });
        // Back to sign-in with the e-mail kept, so the new password is all there is left to type.
        setMode('signin');
        setForm({ ...EMPTY_FORM, email });
        setShowPassword(false);
        setNotice({ severity: 'success', text: PASSWORD_RESET_DONE });
        passwordInput.current?.focus();
      } catch (caught) {
        fail(caught, 'Password reset failed');
      }
    }
  }

  async function resendCode() {
    const email = form.email.trim();
    if (!email) {
      setNotice(null);
      setError({ type: 'GENERAL_ERROR', message: 'Please enter your email address' });
      return;
    }
    setError(null);
    setNotice(null);
    try {
      await resend.mutateAsync({ email });
      setNotice({ severity: 'success', text: 'Confirmation code sent successfully! Please check your email.' });
    } catch (caught) {
      fail(caught, 'Failed to resend confirmation code');
    }
  }

  // The e-mail is locked in the second reset step, so it is the address the first step checked.
  async function resendReset() {
    setError(null);
    setNotice(null);
    try {
      await resendResetCode.mutateAsync({ email: form.email.trim() });
      setNotice({ severity: 'info', text: RESET_CODE_RESENT });
    } catch (caught) {
      fail(caught, 'Failed to send the reset code');
    }
  }

  const passwordAdornment = (
    <InputAdornment position="end">
      <IconButton
        aria-label={showPassword ? 'Hide password' : 'Show password'}
        onClick={() => setShowPassword((shown) => !shown)}
        edge="end"
        size="small"
      >
        {showPassword ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );

  const codeField = (
    <TextField
      label={mode === 'reset-password' ? 'Reset code' : 'Confirmation code'}
      value={form.confirmationCode}
      onChange={(event) => update('confirmationCode', event.target.value)}
      helperText="Enter the 6-digit code sent to your e-mail"
      autoComplete="one-time-code"
      autoFocus
      fullWidth
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          maxLength: 6,
          pattern: '[0-9]*',
          style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
        },
      }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="auth-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="auth-dialog-title" sx={{ pb: 1 }}>
          {TITLES[mode]}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <Banner error={error} notice={mode === 'success' ? null : notice} mode={mode} onSwitch={switchMode} />
            {mode === 'success' ? (
              <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
                <CheckCircleOutline color="success" sx={{ fontSize: 56 }} />
                <Typography>
                  Your email has been confirmed successfully! You can now sign in to your account.
                </Typography>
              </Stack>
            ) : (
              <>
                {mode === 'signin' && (
                  <Typography variant="body2" color="text.secondary">
                    Welcome back. Sign in to convert, store and track your files.
                  </Typography>
                )}
                {mode === 'signup' && (
                  <Typography variant="body2" color="text.secondary">
                    Create a free account. We will e-mail you a 6-digit code to confirm your address.
                  </Typography>
                )}
                {mode === 'forgot-password' && (
                  <Typography variant="body2" color="text.secondary">
                    Enter the email address of your account. We will e-mail you a 6-digit code to reset your password.
                  </Typography>
                )}
                {mode === 'reset-password' && (
                  <Typography variant="body2" color="text.secondary">
                    Enter the code from the e-mail and choose a new password.
                  </Typography>
                )}
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  value={form.email}
                  onChange={(event) => update('email', event.target.value)}
                  inputRef={emailInput}
                  disabled={(mode === 'confirm' && lockedEmail !== undefined) || mode === 'reset-password'}
                  autoFocus={mode !== 'confirm' && mode !== 'reset-password'}
                  fullWidth
                />
                {mode === 'reset-password' && codeField}
                {(mode === 'signin' || mode === 'signup' || mode === 'reset-password') && (
                  <TextField
                    label={mode === 'reset-password' ? 'New password' : 'Password'}
                    type={showPassword ? 'text' : 'password'}
                    autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
                    value={form.password}
                    onChange={(event) => update('password', event.target.value)}
                    inputRef={passwordInput}
                    helperText={mode === 'signin' ? undefined : 'At least 8 characters'}
                    slotProps={{ input: { endAdornment: passwordAdornment } }}
                    fullWidth
                  />
                )}
                {mode === 'signin' && (
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                    <Link
                      component="button"
                      type="button"
                      variant="body2"
                      onClick={() => switchMode('forgot-password')}
                      underline="hover"
                    >
                      Forgot password?
                    </Link>
                  </Box>
                )}
                {(mode === 'signup' || mode === 'reset-password') && (
                  <TextField
                    label={mode === 'reset-password' ? 'Confirm new password' : 'Confirm password'}
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="new-password"
                    value={form.confirmPassword}
                    onChange={(event) => update('confirmPassword', event.target.value)}
                    fullWidth
                  />
                )}
                {mode === 'confirm' && codeField}
                <ModeLinks
                  mode={mode}
                  onSwitch={switchMode}
                  onResend={mode === 'reset-password' ? resendReset : resendCode}
                  resending={mode === 'reset-password' ? resendResetCode.isPending : resend.isPending}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="inherit">
            {mode === 'success' ? 'Close' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !requiredFieldsFilled(mode, form)}
            sx={{ minWidth: 132 }}
          >
            {busy ? 'Processing...' : SUBMIT_LABELS[mode]}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function Banner(props: {
  error: AuthError | null;
  notice: Notice | null;
  mode: DialogMode;
  onSwitch: (mode: DialogMode) => void;
}) {
  const { error, notice, mode, onSwitch } = props;
  if (error?.type === 'USER_NOT_FOUND') {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => onSwitch('signup')}>
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
            <Button color="inherit" size="small" onClick={() => onSwitch('confirm')}>
              Confirm Email
            </Button>
          ) : undefined
        }
      >
        {error.message || 'An error occurred. Please try again.'}
      </Alert>
    );
  }
  if (notice) return <Alert severity={notice.severity}>{notice.text}</Alert>;
  return null;
}

function ModeLinks(props: {
  mode: DialogMode;
  onSwitch: (mode: DialogMode) => void;
  onResend: () => void;
  resending: boolean;
}) {
  const { mode, onSwitch, onResend, resending } = props;
  const link = (label: string, onClick: () => void, disabled = false) => (
    <Link component="button" type="button" variant="body2" onClick={onClick} disabled={disabled} underline="hover">
      {label}
    </Link>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', typography: 'body2' }}>
      {mode === 'signin' && <span>Don&apos;t have an account? {link('Create one', () => onSwitch('signup'))}</span>}
      {mode === 'signin' && link('Have a code? Confirm email', () => onSwitch('confirm'))}
      {mode === 'signup' && <span>Already have an account? {link('Sign in', () => onSwitch('signin'))}</span>}
      {(mode === 'confirm' || mode === 'reset-password') && (
        <span>Didn&apos;t get it? {link(resending ? 'Sending...' : 'Resend code', onResend, resending)}</span>
      )}
      {mode === 'reset-password' && link('Use another email', () => onSwitch('forgot-password'))}
      {(mode === 'confirm' || mode === 'forgot-password' || mode === 'reset-password') &&
        link('Back to sign in', () => onSwitch('signin'))}
    </Box>
  );
}
