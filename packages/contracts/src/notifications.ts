import { type Static, Type } from 'typebox';
import { pagingFields } from './paging.js';

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'conversion_completed',
  'conversion_failed',
  'batch_completed',
  'batch_failed',
  'storage_80',
  'storage_90',
  'file_expiring',
  'plan_ending',
  'payment_receipt',
  'webhook_disabled',
] as const;
/** One notification kind. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What stands for a notification's `date` in its `summary`. */
export const NOTIFICATION_DATE_MARK = '{date}';

/** One entry of the bell's list. */
export const Notification = Type.Object({
  id: Type.String(),
  kind: Type.Enum([...NOTIFICATION_KINDS]),
  title: Type.String({ description: 'short, and the subject of its e-mail' }),
  body: Type.String({ description: 'the full text of its e-mail' }),
  summary: Type.String({
    description:
      'one sentence for the app; `{date}` in it stands for `date`, to be written in the reader’s locale and time zone',
  }),
  date: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'the time `{date}` in `summary` stands for; null when it has none',
  }),
  /** Where in the web app it leads (a path such as `/files`), if anywhere. */
  link: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type Notification = Static<typeof Notification>;

/** GET /api/notifications?page=&page_size= */
export const NotificationsQuery = Type.Object(pagingFields());
export type NotificationsQuery = Static<typeof NotificationsQuery>;

/** Newest first, with how many of all of them are unread. */
export const NotificationsResponse = Type.Object({
  notifications: Type.Array(Notification),
  total: Type.Integer(),
  unread_count: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type NotificationsResponse = Static<typeof NotificationsResponse>;

/** POST /api/notifications/{id}/read and read-all: the unread count after the change. */
export const NotificationsReadResponse = Type.Object({ unread_count: Type.Integer() });
export type NotificationsReadResponse = Static<typeof NotificationsReadResponse>;

/**
 * The switches that rule notifications (the same as in the settings): `email_notifications` gates
 * every e-mail, `conversion_notifications` conversions and batches, `storage_alerts` storage and
 * expiring files.
 */
export const NotificationSettings = Type.Object({
  email_notifications: Type.Boolean(),
  conversion_notifications: Type.Boolean(),
  storage_alerts: Type.Boolean(),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

/** PUT /api/notifications/settings: any of the switches. */
export const NotificationSettingsUpdate = Type.Partial(NotificationSettings, {
  additionalProperties: false,
  minProperties: 1,
});
export type NotificationSettingsUpdate = Static<typeof NotificationSettingsUpdate>;

/** The signed one-click unsubscribe link's query (and the one-click POST's). */
export const UnsubscribeQuery = Type.Object({
  user: Type.String({ maxLength: 64 }),
  kind: Type.String({ maxLength: 40 }),
  sig: Type.String({ maxLength: 128 }),
});
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;
