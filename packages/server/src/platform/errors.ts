import { ERROR_MESSAGES, type ErrorBody, type ErrorCode } from '@unnest/contracts';

/** The optional fields of an error body. */
export type ErrorFacts = Omit<ErrorBody, 'detail' | 'code'>;

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
  CONVERSION_TIME_LIMIT: 422,
  QUOTA_EXCEEDED: 429,
  STORAGE_LIMIT_REACHED: 413,
  FORMAT_NOT_IN_PLAN: 403,
  FILE_NOT_FOUND: 404,
  COMPARE_NOT_AVAILABLE: 422,
  STORAGE_FAILED: 500,
  STORAGE_FULL: 507,
  PAYMENTS_OFF: 503,
  PLAN_DOWNGRADE_REFUSED: 409,
  INVALID_PLAN: 400,
  INVALID_PACK: 400,
  ORDER_FAILED: 502,
  PAYMENT_VERIFICATION_FAILED: 400,
  API_LIMIT_REACHED: 429,
  API_KEY_NOT_ALLOWED: 403,
  ACCOUNT_DISABLED: 403,
  UNSUBSCRIBE_LINK_INVALID: 400,
  WEBHOOKS_NOT_IN_PLAN: 403,
  WEBHOOK_URL_REFUSED: 400,
  WEBHOOK_NOT_FOUND: 404,
  ADMIN_FROM_CONFIG: 403,
  WEBHOOK_LIMIT_REACHED: 409,
};

/** The answer to a field a request does not take (a misspelt option, say): which one, and the names it takes. */
export function unknownFieldText(field: string, known: readonly string[]): string {
  const named = `Unknown field "${field}"`;
  return known.length === 0 ? `${named}: this request takes none` : `${named}; the fields are: ${known.join(', ')}`;
}

/** An expected failure with a code the client can act on; services throw it, the error handler answers it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds the client should wait, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  /** Figures the body carries beside `detail` and `code` (a used-up limit: limit, used, reset_at). */
  readonly facts: ErrorFacts | undefined;

  constructor(
    code: ErrorCode,
    options: { detail?: string; retryAfterSeconds?: number; cause?: unknown; facts?: ErrorFacts } = {},
  ) {
    super(options.detail ?? ERROR_MESSAGES[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.facts = options.facts;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

// A full disk, wherever it happened (local storage, the spool, the embedded database).
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
// The database (or another backing service) cannot be reached: network errors, and PostgreSQL's
// connection exceptions (class 08), shutdowns (57P01-57P03) and connection limit (53300).
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not currently accepting connections/,
  /^PGlite is closed/,
];
// How long a client should wait before trying again after an outage.
const OUTAGE_RETRY_SECONDS = 30;

/**
 * The AppError an infrastructure failure stands for, looking through wrapped causes (Drizzle wraps
 * driver errors): a full disk is STORAGE_FULL (507), an unreachable database SERVICE_UNAVAILABLE
 * (503, with a retry hint). Undefined for anything else, which stays an internal error.
 */
export function infrastructureFailure(error: unknown): AppError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = String((cause as NodeJS.ErrnoException).code ?? '');
    if (DISK_FULL.has(code)) return new AppError('STORAGE_FULL', { cause: error });
    if (UNREACHABLE.has(code) || code.startsWith('08') || UNREACHABLE_MESSAGES.some((re) => re.test(cause.message))) {
      return new AppError('SERVICE_UNAVAILABLE', { cause: error, retryAfterSeconds: OUTAGE_RETRY_SECONDS });
    }
  }
  return undefined;
}
