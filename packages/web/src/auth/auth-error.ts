import { ApiError, errorText } from '../lib/api-error';

/** How the client classifies an auth failure (spec section 3). */
export type AuthErrorType = 'USER_NOT_FOUND' | 'EMAIL_NOT_CONFIRMED' | 'INVALID_CREDENTIALS' | 'GENERAL_ERROR';

/** An auth failure as the dialog shows it. */
export interface AuthError {
  type: AuthErrorType;
  message: string;
}

/**
 * Classifies an auth failure by the `code` of the server's `{detail, code}` body, never by its text:
 * the text may be reworded, the code is the contract. Every other code is a general error shown with
 * its message (a wrong reset code, say, must not read as an unconfirmed address).
 */
export function classifyAuthError(code: ApiError['code'] | undefined): AuthErrorType {
  switch (code) {
    case 'USER_NOT_FOUND':
    case 'EMAIL_NOT_CONFIRMED':
    case 'INVALID_CREDENTIALS':
      return code;
    // A second sign-up while the first one's code is still valid: the address waits for that code.
    case 'SIGNUP_PENDING':
      return 'EMAIL_NOT_CONFIRMED';
    default:
      return 'GENERAL_ERROR';
  }
}

/** The auth error for anything a call threw: its class from the code, its message from the server. */
export function authErrorFrom(caught: unknown, fallback: string): AuthError {
  const code = caught instanceof ApiError ? caught.code : undefined;
  return { type: classifyAuthError(code), message: errorText(caught, fallback) };
}
