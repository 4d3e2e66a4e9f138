import type { Dispatch } from 'react';
import type { AuthDialogEvent, AuthDialogState } from './auth-dialog-state';

/** What every mode of the authentication dialog gets: the state machine and the dialog's callbacks. */
export interface AuthModeProps {
  state: AuthDialogState;
  dispatch: Dispatch<AuthDialogEvent>;
  onClose: () => void;
  /** Called once a sign-in has completed and the session has started. */
  onSignedIn?: () => void;
}
