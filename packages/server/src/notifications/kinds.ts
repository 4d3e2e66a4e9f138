import type { NotificationKind, NotificationSettings } from '@unnest/contracts';

/** The settings switch that rules a kind in the app and by e-mail; null: always in the app. */
export type KindSwitch = 'conversion_notifications' | 'storage_alerts' | null;

const SWITCH_OF: Record<NotificationKind, KindSwitch> = {
  conversion_completed: 'conversion_notifications',
  conversion_failed: 'conversion_notifications',
  batch_completed: 'conversion_notifications',
  batch_failed: 'conversion_notifications',
  storage_80: 'storage_alerts',
  storage_90: 'storage_alerts',
  file_expiring: 'storage_alerts',
  plan_ending: null,
  payment_receipt: null,
  webhook_disabled: null,
};

/** The switch of a kind. */
export function switchOf(kind: NotificationKind): KindSwitch {
  return SWITCH_OF[kind];
}

/** Whether the user wants this kind at all (in the app). */
export function wanted(kind: NotificationKind, settings: NotificationSettings): boolean {
  const gate = SWITCH_OF[kind];
  return gate === null || settings[gate];
}

/**
 * What the unsubscribe link of a kind's e-mail turns off: the kind's own switch, or for account
 * mail (receipts, plan reminders), which has none, every e-mail.
 */
export function unsubscribeSwitch(kind: NotificationKind): keyof NotificationSettings {
  return SWITCH_OF[kind] ?? 'email_notifications';
}

/** How the unsubscribe page names what it turns off. */
export const SWITCH_LABELS: Record<keyof NotificationSettings, string> = {
  conversion_notifications: 'conversion and batch notifications (in the app and by e-mail)',
  storage_alerts: 'storage and expiring file alerts (in the app and by e-mail)',
  email_notifications: 'all e-mail notifications',
};
