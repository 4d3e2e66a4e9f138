import { type Static, Type } from 'typebox';
import { AuditLog } from './audit.js';
import { ARRAY_STRATEGIES } from './convert.js';
import { withMessages } from './validation-messages.js';

/** Days after which files are deleted; 0 means never (spec section 5). Capped by the plan's retention. */
export const AUTO_DELETE_DAYS = [7, 30, 90, 365, 0] as const;
/** Default output format choices (spec section 5). */
export const DEFAULT_FORMATS = ['csv', 'xlsx', 'json'] as const;
/** Theme choices (spec section 5). */
export const THEMES = ['light', 'dark', 'auto'] as const;

/**
 * The user's settings: the spec's notification, storage and appearance fields, plus the conversion
 * options that every conversion starts from.
 */
export const UserSettings = Type.Object({
  email_notifications: Type.Boolean(),
  conversion_notifications: Type.Boolean(),
  storage_alerts: Type.Boolean(),
  auto_delete_days: Type.Enum([...AUTO_DELETE_DAYS]),
  default_format: Type.Enum([...DEFAULT_FORMATS]),
  theme: Type.Enum([...THEMES]),
  delimiter: Type.String({ minLength: 1, maxLength: 3, description: 'one character, or `tab`' }),
  array_strategy: Type.Enum([...ARRAY_STRATEGIES]),
  include_bom: Type.Boolean(),
  excel_safe: Type.Boolean(),
});
export type UserSettings = Static<typeof UserSettings>;

/** Settings of an account that never saved any (spec section 9). */
export const DEFAULT_SETTINGS: UserSettings = {
  email_notifications: true,
  conversion_notifications: true,
  storage_alerts: true,
  auto_delete_days: 30,
  default_format: 'csv',
  theme: 'light',
  delimiter: ',',
  array_strategy: 'index',
  include_bom: false,
  // DESIGN 7.12: downloads go to spreadsheets, so the formula guard is on until the user turns it off.
  excel_safe: true,
};

/** PUT /api/profile/settings: any subset of the settings; the answer is the whole object. */
export const UserSettingsUpdate = Type.Partial(UserSettings, {
  additionalProperties: false,
  ...withMessages({ required: 'Failed to save settings. Please try again.' }),
});
export type UserSettingsUpdate = Static<typeof UserSettingsUpdate>;

/** GET/PUT /api/profile */
export const Profile = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  plan: Type.String(),
  is_premium: Type.Boolean(),
  groups: Type.Array(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});
export type Profile = Static<typeof Profile>;

/** PUT /api/profile */
export const ProfileUpdate = Type.Object(
  { name: Type.Union([Type.String({ maxLength: 120 }), Type.Null()]) },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

/** DELETE /api/profile: the password confirms the deletion. */
export const DeleteAccountBody = Type.Object(
  {
    password: Type.String({
      minLength: 1,
      maxLength: 1024,
      ...withMessages({ required: 'Please enter your password to delete your account' }),
    }),
  },
  withMessages({ required: 'Please enter your password to delete your account' }),
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/** GET /api/profile/stats (spec section 3). Sizes in MB, rates in percent. */
export const ProfileStats = Type.Object({
  totalConversions: Type.Integer({ description: 'conversion attempts: succeeded, failed, or refused before they ran' }),
  thisMonth: Type.Integer(),
  storageUsed: Type.Number({ description: 'MB' }),
  storageLimit: Type.Number({ description: 'MB; -1 means unlimited' }),
  successRate: Type.Number({ description: 'percent of conversion attempts that succeeded; 0 without any' }),
  averageFileSize: Type.Number({ description: 'MB per conversion that read its input (a refused one read none)' }),
  successfulConversions: Type.Integer(),
  totalDataProcessed: Type.Number({ description: 'MB' }),
  conversionCredits: Type.Integer(),
  recentActivity: Type.Array(AuditLog),
});
export type ProfileStats = Static<typeof ProfileStats>;
