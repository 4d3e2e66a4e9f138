import type { Dispatch } from 'react';
import type { AuthDialogEvent, AuthDialogState } from './auth-dialog-state';
import { authErrorFrom } from './auth-error';

/** What every mode of the authentication dialog gets: the state machine and the dialog's callbacks. */
export interface AuthModeProps {
  state: AuthDialogState;
  dispatch: Dispatch<AuthDialogEvent>;
  onClose: () => void;
  /** Called once a sign-in has completed and the session has started. */
  onSignedIn?: () => void;
}

/** The error handler of an auth call: the failure, classified by its code, goes to the banner. */
export function reportFailure(dispatch: Dispatch<AuthDialogEvent>, fallback: string): (caught: unknown) => void {
  return (caught) => dispatch({ type: 'failed', error: authErrorFrom(caught, fallback) });
}
