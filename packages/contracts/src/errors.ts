/**
 * Error codes the API answers with, in a `{detail, code}` body. The web app classifies auth errors
 * by the detail text (spec section 8), so the texts below are part of the contract: a sign-in
 * failure for an unknown account says 'user not found', a wrong password says 'invalid ... password',
 * an unconfirmed account says 'confirm'.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'USER_NOT_FOUND',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'EMAIL_TAKEN',
  'ALREADY_CONFIRMED',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'SIGNUP_PENDING',
  'SESSION_EXPIRED',
  'MAIL_FAILED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'CONVERSION_FAILED',
  'QUOTA_EXCEEDED',
  'STORAGE_LIMIT_REACHED',
  'FORMAT_NOT_IN_PLAN',
  'FILE_NOT_FOUND',
  'COMPARE_NOT_AVAILABLE',
  'STORAGE_FAILED',
  'STORAGE_FULL',
] as const;

/** One of the API's error codes. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The detail text each code carries unless the server gives a more specific one. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Please fill in all required fields',
  BAD_REQUEST: 'The request could not be read',
  UNAUTHENTICATED: 'Not signed in or the session token is invalid',
  FORBIDDEN: 'You do not have access to this resource',
  NOT_FOUND: 'Not found',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  USER_NOT_FOUND: 'User not found',
  INVALID_CREDENTIALS: 'Invalid email or password',
  EMAIL_NOT_CONFIRMED: 'Email not confirmed. Please confirm your email address before signing in.',
  EMAIL_TAKEN: 'An account with this email already exists. Please sign in.',
  ALREADY_CONFIRMED: 'This email address is already confirmed. You can sign in.',
  CODE_INVALID: 'Invalid verification code. Please check the code sent to your email.',
  CODE_EXPIRED: 'This verification code has expired. Please request a new code.',
  CODE_ATTEMPTS_EXCEEDED: 'Too many wrong verification codes. Please request a new code.',
  SIGNUP_PENDING: 'This email address is waiting for confirmation. Please check your email for a confirmation code.',
  SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
  MAIL_FAILED: 'The email could not be sent. Please try again later.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again later.',
  INTERNAL: 'Internal server error',
  FILE_TOO_LARGE: 'The file is larger than your plan allows',
  UNSUPPORTED_FILE_TYPE: 'Please select a .json or .csv file',
  CONVERSION_FAILED: 'Conversion failed',
  QUOTA_EXCEEDED: 'You have used all conversions of your plan for the last 24 hours',
  STORAGE_LIMIT_REACHED: 'Your file storage is full. Delete some files or upgrade your plan.',
  FORMAT_NOT_IN_PLAN: 'This output format is not included in your plan',
  FILE_NOT_FOUND: 'File not found',
  COMPARE_NOT_AVAILABLE: 'Failed to load file data for comparison. Please try again.',
  STORAGE_FAILED: 'Failed to store the file. Please try again.',
  STORAGE_FULL:
    'The server has run out of disk space, so the file could not be stored. Please try again later; the operators have been alerted.',
};
