/** How the client classifies an auth failure (spec section 3). */
export type AuthErrorType = 'USER_NOT_FOUND' | 'EMAIL_NOT_CONFIRMED' | 'INVALID_CREDENTIALS' | 'GENERAL_ERROR';

/** An auth failure as the dialog shows it. */
export interface AuthError {
  type: AuthErrorType;
  message: string;
}

/** Classifies an auth error by its text, case-insensitively (spec section 8). */
export function classifyAuthError(message: string): AuthErrorType {
  const text = message.toLowerCase();
  if (text.includes('user not found')) return 'USER_NOT_FOUND';
  if (text.includes('invalid') && (text.includes('password') || text.includes('credentials'))) {
    return 'INVALID_CREDENTIALS';
  }
  if (text.includes('confirm') || text.includes('verification') || text.includes('not confirmed')) {
    return 'EMAIL_NOT_CONFIRMED';
  }
  return 'GENERAL_ERROR';
}
