import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';
import type { AuthModeProps } from './auth-mode-props';

/** The e-mail field; `locked` when the address is the one a code was sent to. */
export function EmailField(props: AuthModeProps & { locked?: boolean; autoFocus?: boolean }) {
  const { state, dispatch } = props;
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      value={state.form.email}
      onChange={(event) => dispatch({ type: 'edited', field: 'email', value: event.target.value })}
      disabled={props.locked}
      autoFocus={props.autoFocus}
      fullWidth
    />
  );
}

/** A password field with the show/hide button; `confirmation` is the repeated new password. */
export function PasswordField(
  props: AuthModeProps & {
    label: string;
    autoComplete: 'current-password' | 'new-password';
    confirmation?: boolean;
    helperText?: string;
    autoFocus?: boolean;
    inputRef?: Ref<HTMLInputElement>;
  },
) {
  const { state, dispatch } = props;
  const field = props.confirmation ? 'confirmPassword' : 'password';
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={state.showPassword ? 'Hide password' : 'Show password'}
        onClick={() => dispatch({ type: 'password-visibility-toggled' })}
        edge="end"
        size="small"
      >
        {state.showPassword ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <TextField
      label={props.label}
      type={state.showPassword ? 'text' : 'password'}
      autoComplete={props.autoComplete}
      value={state.form[field]}
      onChange={(event) => dispatch({ type: 'edited', field, value: event.target.value })}
      helperText={props.helperText}
      autoFocus={props.autoFocus}
      inputRef={props.inputRef}
      slotProps={props.confirmation ? undefined : { input: { endAdornment: toggle } }}
      fullWidth
    />
  );
}

/** The six-digit code field (confirmation or reset code): digits only, spaced for reading. */
export function CodeField(props: AuthModeProps & { label: string }) {
  const { state, dispatch } = props;
  return (
    <TextField
      label={props.label}
      value={state.form.confirmationCode}
      onChange={(event) => dispatch({ type: 'edited', field: 'confirmationCode', value: event.target.value })}
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
}

/** The short explanation under the title. */
export function ModeIntro({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** A text link that acts in the dialog (switch mode, resend a code). */
export function ModeLink(props: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={props.onClick}
      disabled={props.disabled}
      underline="hover"
    >
      {props.label}
    </Link>
  );
}

/** The row of links under the fields. */
export function ModeLinks({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', typography: 'body2' }}>
      {children}
    </Box>
  );
}
