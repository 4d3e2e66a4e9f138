import type { DialogMode } from './auth-dialog-mode';
import type { AuthError } from './auth-error';
import { type AuthForm, codeInput, EMPTY_FORM } from './auth-form-validation';

/** A message above the form: success after an action, info where nothing can be promised. */
export interface Notice {
  severity: 'success' | 'info';
  text: string;
}

/** Everything the authentication dialog shows, changed only by `authDialogReducer`. */
export interface AuthDialogState {
  mode: DialogMode;
  form: AuthForm;
  /** Set when the e-mail may not be changed (confirming the address the code was sent to). */
  lockedEmail: string | undefined;
  error: AuthError | null;
  notice: Notice | null;
  showPassword: boolean;
  /** Bumped on every opening and closing, so a mode's form starts afresh (and its timers stop). */
  generation: number;
}

/** What can happen in the dialog: the user's edits and the answers of the auth API. */
export type AuthDialogEvent =
  | { type: 'opened'; mode: DialogMode; email: string | undefined }
  | { type: 'closed' }
  | { type: 'switched'; mode: DialogMode }
  | { type: 'edited'; field: keyof AuthForm; value: string }
  | { type: 'password-visibility-toggled' }
  | { type: 'failed'; error: AuthError }
  | { type: 'noticed'; notice: Notice | null }
  | { type: 'signed-up'; email: string }
  | { type: 'confirmation-needed'; email: string }
  | { type: 'confirmed' }
  | { type: 'reset-code-sent'; email: string }
  | { type: 'password-reset'; email: string };

// The server answers forgot-password alike for every address, so these never say the account exists.
const RESET_CODE_SENT = 'If an account exists for this email, we have sent it a 6-digit reset code.';
const PASSWORD_RESET_DONE = 'Password reset successfully! You can now sign in with your new password.';

/** The dialog as an opener asks for it: a mode and, maybe, the e-mail to prefill (and lock). */
export function openedState(mode: DialogMode, email: string | undefined, generation = 0): AuthDialogState {
  return {
    mode,
    form: { ...EMPTY_FORM, email: email ?? '' },
    lockedEmail: email,
    error: null,
    notice: null,
    showPassword: false,
    generation,
  };
}

/** Moves to a mode with the e-mail kept and every other field, message and lock cleared. */
function enter(state: AuthDialogState, mode: DialogMode, email: string, lockedEmail?: string): AuthDialogState {
  return {
    ...state,
    mode,
    form: { ...EMPTY_FORM, email },
    lockedEmail,
    error: null,
    notice: null,
    showPassword: false,
  };
}

/** The one state machine of the authentication dialog. */
export function authDialogReducer(state: AuthDialogState, event: AuthDialogEvent): AuthDialogState {
  switch (event.type) {
    case 'opened':
      return openedState(event.mode, event.email, state.generation + 1);
    case 'closed':
      return openedState('signin', undefined, state.generation + 1);
    case 'switched': {
      // Sign in starts from an empty form; the other modes keep the e-mail (and its lock).
      if (event.mode === 'signin') return enter(state, 'signin', '');
      return enter(state, event.mode, state.form.email, state.lockedEmail);
    }
    case 'edited': {
      const value = event.field === 'confirmationCode' ? codeInput(event.value) : event.value;
      return { ...state, form: { ...state.form, [event.field]: value } };
    }
    case 'password-visibility-toggled':
      return { ...state, showPassword: !state.showPassword };
    case 'failed':
      return { ...state, error: event.error, notice: null };
    case 'noticed':
      return { ...state, error: null, notice: event.notice };
    case 'signed-up':
      return {
        ...enter(state, 'confirm', event.email, event.email),
        notice: {
          severity: 'success',
          text: 'Account created successfully! Please check your email for a confirmation code.',
        },
      };
    case 'confirmation-needed':
      return {
        ...enter(state, 'confirm', event.email, event.email),
        error: { type: 'EMAIL_NOT_CONFIRMED', message: 'Please confirm your email address before signing in.' },
      };
    case 'confirmed':
      return {
        ...state,
        mode: 'success',
        error: null,
        notice: { severity: 'success', text: 'Email confirmed successfully! You can now sign in.' },
      };
    case 'reset-code-sent':
      return { ...enter(state, 'reset-password', event.email), notice: { severity: 'info', text: RESET_CODE_SENT } };
    case 'password-reset':
      // Back to sign-in with the e-mail kept, so the new password is all there is left to type.
      return { ...enter(state, 'signin', event.email), notice: { severity: 'success', text: PASSWORD_RESET_DONE } };
  }
}
