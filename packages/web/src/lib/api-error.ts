import type { ErrorCode } from '@unnest/contracts';

/** Shown when the server cannot be reached at all (spec section 8). */
export const NETWORK_ERROR_TEXT = 'Network error. Please check your connection and try again.';

/**
 * A failed API call: the server's `{detail, code}` body and the answer's headers (a limit's standing), or a
 * network failure (status 0).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN',
    readonly headers: Headers = new Headers(),
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message to show for any thrown value, with a fallback for unexpected ones. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** Builds an ApiError from a non-OK response, reading the `{detail, code}` body when there is one. */
export async function apiErrorFrom(response: Response, fallback: string): Promise<ApiError> {
  let detail = '';
  let code: ApiError['code'] = 'UNKNOWN';
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const record = body as Record<string, unknown>;
      if (typeof record.detail === 'string') detail = record.detail;
      else if (typeof record.message === 'string') detail = record.message;
      if (typeof record.code === 'string') code = record.code as ErrorCode;
    }
  } catch {
    // Not JSON (a proxy's error page, say): the fallback text says it better.
  }
  return new ApiError(response.status, detail || fallback, code, response.headers);
}
