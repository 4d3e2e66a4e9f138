import { CONVERSION_TEXTS } from '@unnest/contracts';
import { apiFetch } from '../../lib/api-client';

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

/** A quick conversion's output, and what the address has left afterwards. */
export interface QuickConversion {
  text: string;
  standing: QuickConvertStanding | undefined;
}

/**
 * POST /api/convert/simple: anonymous quick convert, the standing in the answer's headers. JSON in, CSV out
 * with each array's columns together (the web app's default, as in the converter); or CSV in (`text/csv`),
 * JSON out.
 */
export async function convertSimple(text: string, input: 'json' | 'csv'): Promise<QuickConversion> {
  const path = input === 'json' ? '/api/convert/simple?group_array_columns=true' : '/api/convert/simple';
  const response = await apiFetch(path, {
    method: 'POST',
    body: text,
    headers: { 'Content-Type': input === 'json' ? 'application/json' : 'text/csv' },
    fallbackError: CONVERSION_TEXTS.conversionFailed,
  });
  return { text: await response.text(), standing: standingFrom(response.headers, new Date()) };
}
