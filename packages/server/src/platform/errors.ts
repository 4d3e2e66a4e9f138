import { ERROR_MESSAGES, type ErrorCode } from '@unnest/contracts';

/** The one table from error code to HTTP status. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  USER_NOT_FOUND: 404,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  EMAIL_TAKEN: 409,
  ALREADY_CONFIRMED: 409,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_ATTEMPTS_EXCEEDED: 400,
  SIGNUP_PENDING: 409,
  SESSION_EXPIRED: 401,
  MAIL_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 400,
  CONVERSION_FAILED: 422,
  QUOTA_EXCEEDED: 429,
  STORAGE_LIMIT_REACHED: 413,
  FORMAT_NOT_IN_PLAN: 403,
  FILE_NOT_FOUND: 404,
  COMPARE_NOT_AVAILABLE: 422,
  STORAGE_FAILED: 500,
};

/** An expected failure with a code the client can act on; services throw it, the error handler answers it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds the client should wait, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: { detail?: string; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(options.detail ?? ERROR_MESSAGES[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
