import { delimiterFromSetting, type UserSettings, type UserSettingsUpdate } from '@unnest/contracts';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import type { ProfileRepository } from './repository.js';
import { rowOf, settingsOf } from './settings.js';

/**
 * An account's settings, read and written. Built before the services (accounts and notifications read
 * settings, and the profile service needs payments, which notify), so no service waits for another.
 */
export class SettingsStore {
  constructor(private readonly deps: { repository: ProfileRepository; clock: Clock }) {}

  async settings(userId: string): Promise<UserSettings> {
    return settingsOf(await this.deps.repository.find(userId));
  }

  /** Applies a partial update (already schema-checked) and answers the whole settings object. */
  async updateSettings(userId: string, update: UserSettingsUpdate): Promise<UserSettings> {
    if (update.delimiter !== undefined && delimiterFromSetting(update.delimiter) === undefined) {
      throw new AppError('VALIDATION_FAILED', {
        detail: 'The delimiter must be one character (not a quote or a line break), or "tab"',
      });
    }
    const row = await this.deps.repository.find(userId);
    const settings = { ...settingsOf(row), ...update };
    await this.deps.repository.upsert(rowOf(userId, row?.displayName ?? null, settings, this.deps.clock.now()));
    return settings;
  }
}
