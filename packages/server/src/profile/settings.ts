import { DEFAULT_SETTINGS, type NotificationSettings, type UserSettings } from '@unnest/contracts';
import type { ProfileRow } from './repository.js';

/** The settings a row holds, or the defaults when the user never saved any. */
export function settingsOf(row: ProfileRow | undefined): UserSettings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    email_notifications: row.emailNotifications,
    conversion_notifications: row.conversionNotifications,
    storage_alerts: row.storageAlerts,
    auto_delete_days: row.autoDeleteDays as UserSettings['auto_delete_days'],
    default_format: row.defaultFormat as UserSettings['default_format'],
    theme: row.theme as UserSettings['theme'],
    delimiter: row.delimiter,
    array_strategy: row.arrayStrategy as UserSettings['array_strategy'],
    include_bom: row.includeBom,
    excel_safe: row.excelSafe,
  };
}

/** The row for these settings. */
export function rowOf(userId: string, displayName: string | null, settings: UserSettings, now: Date): ProfileRow {
  return {
    userId,
    displayName,
    emailNotifications: settings.email_notifications,
    conversionNotifications: settings.conversion_notifications,
    storageAlerts: settings.storage_alerts,
    autoDeleteDays: settings.auto_delete_days,
    defaultFormat: settings.default_format,
    theme: settings.theme,
    delimiter: settings.delimiter,
    arrayStrategy: settings.array_strategy,
    includeBom: settings.include_bom,
    excelSafe: settings.excel_safe,
    updatedAt: now,
  };
}

/** The three switches that rule notifications, out of all the settings. */
export function notificationSettingsOf(settings: UserSettings): NotificationSettings {
  return {
    email_notifications: settings.email_notifications,
    conversion_notifications: settings.conversion_notifications,
    storage_alerts: settings.storage_alerts,
  };
}
