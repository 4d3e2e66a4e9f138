import type { Profile, ProfileStats, UserSettings, UserSettingsUpdate } from '@unnest/contracts';
import type { AuditService } from '../audit/service.js';
import type { AuthService } from '../auth/service.js';
import type { FilesService } from '../files/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { Account } from '../platform/account.js';
import type { Clock } from '../platform/clock.js';
import type { ProfileRepository } from './repository.js';
import { rowOf, settingsOf } from './settings.js';
import type { SettingsStore } from './settings-store.js';

const MB = 1024 * 1024;
const RECENT_ACTIVITY = 5;
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** The account's own data: profile, settings, statistics, and deleting it all. */
export class ProfileService {
  constructor(
    private readonly deps: {
      repository: ProfileRepository;
      settings: SettingsStore;
      auth: AuthService;
      files: FilesService;
      audit: AuditService;
      payments: PaymentsService;
      clock: Clock;
    },
  ) {}

  settings(userId: string): Promise<UserSettings> {
    return this.deps.settings.settings(userId);
  }

  /** Applies a partial update (already schema-checked) and answers the whole settings object. */
  updateSettings(userId: string, update: UserSettingsUpdate): Promise<UserSettings> {
    return this.deps.settings.updateSettings(userId, update);
  }

  async profile(account: Account): Promise<Profile> {
    const user = account.user;
    const row = await this.deps.repository.find(account.id);
    return {
      user_id: user.user_id,
      email: user.email,
      name: row?.displayName ?? null,
      plan: user.plan,
      is_premium: user.is_premium,
      groups: user.groups,
      created_at: user.created_at,
    };
  }

  async updateProfile(account: Account, name: string | null): Promise<Profile> {
    const row = await this.deps.repository.find(account.id);
    const trimmed = name?.trim() || null;
    await this.deps.repository.upsert(rowOf(account.id, trimmed, settingsOf(row), this.deps.clock.now()));
    return this.profile(account);
  }

  /** The dashboard and history figures (spec section 3), computed from the usage history and files. */
  async stats(account: Account): Promise<ProfileStats> {
    const userId = account.id;
    const plan = account.plan;
    const totals = await this.deps.audit.conversionTotals(userId);
    const stored = await account.storedBytes();
    const recent = await this.deps.audit.page(userId, 1, RECENT_ACTIVITY);
    return {
      totalConversions: totals.total,
      thisMonth: totals.since,
      storageUsed: round(stored / MB),
      storageLimit: plan.storageGb < 0 ? -1 : plan.storageGb * 1024,
      successRate: totals.total === 0 ? 0 : round((totals.successful / totals.total) * 100, 1),
      // Refused attempts count in the rate, not in the sizes: nothing of them was read.
      averageFileSize: totals.sized === 0 ? 0 : round(totals.bytes / totals.sized / MB),
      successfulConversions: totals.successful,
      totalDataProcessed: round(totals.bytes / MB),
      // Credits are sold by the payments feature; until an account buys some, it has none.
      conversionCredits: (await this.deps.payments.accountState(userId)).credits,
      recentActivity: recent.logs,
    };
  }

  /**
   * Deletes the account after the password confirms it: every stored byte first, then the account row,
   * which takes files, settings, codes and sessions with it (foreign keys cascade), then its own
   * history. The audit of admin actions by it or on it stays (it has no foreign key).
   */
  async deleteAccount(userId: string, password: string): Promise<void> {
    await this.deps.auth.confirmPassword(userId, password);
    await this.eraseAccount(userId);
  }

  /** Deletes an account without its password (an operator's decision): bytes, the row, its own history. */
  async eraseAccount(userId: string): Promise<void> {
    await this.deps.files.deleteAllBytes(userId);
    await this.deps.auth.deleteAccount(userId);
    await this.deps.audit.forgetOwnActivity(userId);
  }
}
