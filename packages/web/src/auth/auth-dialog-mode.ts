import type { AuthMode } from '../lib/auth-dialog-control';

/**
 * What the dialog shows: the spec's four modes (the ones an opener may ask for) plus the two steps of
 * the password reset, which are only reached from sign-in.
 */
export type DialogMode = AuthMode | 'forgot-password' | 'reset-password';
