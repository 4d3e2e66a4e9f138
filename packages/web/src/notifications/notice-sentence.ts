import { NOTIFICATION_DATE_MARK, type Notification } from '@unnest/contracts';
import { formatDateTime } from '../lib/format-date';

/** What the bell says of a notification: its sentence, the date in it written in the reader's locale and time zone. */
export function noticeSentence(notice: Pick<Notification, 'summary' | 'date'>): string {
  if (notice.date === null) return notice.summary;
  return notice.summary.replaceAll(NOTIFICATION_DATE_MARK, formatDateTime(notice.date));
}
