import { waitText } from '@unnest/contracts';
import { formatDateTime } from '../lib/format-date';
import type { QuickConvertStanding } from './api/convert-simple';

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
