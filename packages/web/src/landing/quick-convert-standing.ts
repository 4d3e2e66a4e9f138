import { waitText } from '@unnest/contracts';
import { formatDateTime } from '../lib/format-date';

/** The quick convert's allowance for this address, as the server's last answer stated it. */
export interface QuickConvertStanding {
  limit: number;
  remaining: number;
  /** When the next conversion comes back (the oldest of the last 24 hours leaves the window). */
  nextAt: Date;
}

/**
 * The standing from an answer's RateLimit headers (limit, remaining, seconds until one comes back),
 * read at `now`; undefined when the answer carries none (it counted nothing, or came from elsewhere).
 */
export function standingFrom(headers: Headers, now: Date): QuickConvertStanding | undefined {
  const [limit, remaining, reset] = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((name) =>
    Number.parseInt(headers.get(name) ?? '', 10),
  );
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  if (![limit, remaining, reset].every(Number.isFinite)) return undefined;
  return { limit, remaining, nextAt: new Date(now.getTime() + reset * 1000) };
}

/** When the next conversion comes back, as a sentence's end: `in 22 hours (Nov 28, 2026, 3:05 PM)`. */
export function nextConversionText(standing: QuickConvertStanding, now: Date): string {
  const seconds = (standing.nextAt.getTime() - now.getTime()) / 1000;
  return `in ${waitText(seconds)} (${formatDateTime(standing.nextAt.toISOString())})`;
}

/** What is left, as a sentence: `2 of 3 free conversions left. Another comes back in 24 hours (...).` */
export function conversionsLeftText(standing: QuickConvertStanding, now: Date): string {
  const left = `${standing.remaining} of ${standing.limit} free conversions left.`;
  return standing.remaining < standing.limit
    ? `${left} Another comes back ${nextConversionText(standing, now)}.`
    : left;
}
