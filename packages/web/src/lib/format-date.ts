// The reader's locale (undefined: the browser's), so "Nov 27, 2026" in en-US and "27 nov 2026" in French;
// one medium style everywhere, never the numeric 11/27/2026 that reads differently across locales.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const utcDateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

function formatted(iso: string, format: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** A moment from the API (a conversion, a log entry) with its time, in the reader's locale and time zone; the raw text when unreadable. */
export function formatDateTime(iso: string): string {
  return formatted(iso, dateTime);
}

/**
 * A day from the API (a period's end, a reset), in the same style without the time. `utc`: the day as UTC
 * counts it (a monthly count that restarts at UTC midnight), not the reader's.
 */
export function formatDate(iso: string, { utc = false }: { utc?: boolean } = {}): string {
  return formatted(iso, utc ? utcDateOnly : dateOnly);
}
