import type { Notification } from '@unnest/contracts';
import { formatDateTime } from '../lib/format-date';

// The server's stand-in for the notice's date in its sentence (the contract's `summary`).
const DATE_MARK = '{date}';

/** What the bell says of a notification: its sentence, the date in it written in the reader's locale and time zone. */
export function noticeSentence(notice: Pick<Notification, 'summary' | 'date'>): string {
  if (notice.date === null) return notice.summary;
  return notice.summary.replaceAll(DATE_MARK, formatDateTime(notice.date));
}
