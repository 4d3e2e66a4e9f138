import type { ErrorCode } from '@unnest/contracts';
import { ConversionError, type ConversionErrorCode } from '@unnest/engine';
import { AppError } from './errors.js';

/** How an engine error's detail is said. */
type Wording =
  /** The call's failure text, then the engine's reason with its position ("Conversion failed: ... at line 3"). */
  | 'positioned'
  /** The engine's reason alone: an option the caller gave is wrong, and the reason names it. */
  | 'reason'
  /** The engine's reason as a sentence: a ZIP over a size the engine never lets through. */
  | 'sentence';

/**
 * The one table of how engine errors (ConversionError codes) become API errors, whatever the entry
 * point (a file, pasted text, a batch file, a queued job, the analysis, a plan proposal). A code not
 * listed is the input's fault: CONVERSION_FAILED (422), said positioned.
 */
const ANSWERS: Partial<Record<ConversionErrorCode, { code: ErrorCode; wording: Wording }>> = {
  INVALID_OPTION: { code: 'VALIDATION_FAILED', wording: 'reason' },
  RELATIONAL_ZIP_TOO_LARGE: { code: 'FILE_TOO_LARGE', wording: 'sentence' },
  RELATIONAL_ZIP_RATIO_TOO_HIGH: { code: 'FILE_TOO_LARGE', wording: 'sentence' },
};

const DEFAULT_ANSWER = { code: 'CONVERSION_FAILED', wording: 'positioned' } as const;

/** What an engine error says, after `failureText` (the call's failure, e.g. "Conversion failed") where positioned. */
export function engineFailureText(error: ConversionError, failureText: string): string {
  const { wording } = ANSWERS[error.code] ?? DEFAULT_ANSWER;
  if (wording === 'reason') return error.message;
  if (wording === 'sentence') return `${error.message}.`;
  return `${failureText}: ${error.describe()}`;
}

/** An engine error as the API's error (see ANSWERS); anything else unchanged. */
export function engineFailure(error: unknown, failureText: string): unknown {
  if (!(error instanceof ConversionError)) return error;
  const { code } = ANSWERS[error.code] ?? DEFAULT_ANSWER;
  return new AppError(code, { detail: engineFailureText(error, failureText), cause: error });
}
