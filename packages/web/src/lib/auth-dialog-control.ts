import { createContext, useContext } from 'react';

/** The four modes of the authentication dialog (spec section 2.2). */
export type AuthMode = 'signin' | 'signup' | 'confirm' | 'success';

/** Opens the app's one authentication dialog from anywhere (a top-bar button, a call to action). */
export type OpenAuthDialog = (mode?: AuthMode, pendingEmail?: string) => void;

/** Provided by the app shell, which owns the dialog. */
export const AuthDialogControl = createContext<OpenAuthDialog>(() => {});

/** The function that opens the authentication dialog. */
export function useOpenAuthDialog(): OpenAuthDialog {
  return useContext(AuthDialogControl);
}
