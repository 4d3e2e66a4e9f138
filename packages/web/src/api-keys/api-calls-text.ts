import type { ApiCallsUsage } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';
import { formatDate } from '../lib/format-date';

/** "120 of 1,000 API calls this month" (or "no limit", or "none included"), as the dashboard and settings say it. */
export function apiCallsText(usage: ApiCallsUsage): string {
  if (usage.limit < 0) return `${formatCount(usage.used)} API calls this month, no monthly limit`;
  if (usage.limit === 0) return 'Your plan includes no API calls; each call spends one conversion credit';
  return `${formatCount(usage.used)} of ${formatCount(usage.limit)} API calls this month`;
}

/** When the month's count starts again, in the reader's locale (the month is UTC's). */
export function resetText(usage: ApiCallsUsage): string {
  return `Counts start again on ${formatDate(usage.reset_at, { utc: true })} (UTC).`;
}
