import { createContext, useContext } from 'react';

/** The four modes of the authentication dialog (spec section 2.2). */
export type AuthMode = 'signin' | 'signup' | 'confirm' | 'success';

/**
 * Where a sign-in leads: the dashboard, or nowhere (`stay`), when the page that asked for it carries on
 * with what the visitor was doing (a purchase).
 */
export type AfterSignIn = 'dashboard' | 'stay';

/** Opens the app's one authentication dialog from anywhere (a top-bar button, a call to action). */
export type OpenAuthDialog = (mode?: AuthMode, pendingEmail?: string, after?: AfterSignIn) => void;

/** Provided by the app shell, which owns the dialog. */
export const AuthDialogControl = createContext<OpenAuthDialog>(() => {});

/** The function that opens the authentication dialog. */
export function useOpenAuthDialog(): OpenAuthDialog {
  return useContext(AuthDialogControl);
}
