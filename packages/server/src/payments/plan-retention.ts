import type { AuthService } from '../auth/service.js';
import type { FilesService } from '../files/service.js';
import { planLimits, retentionMs } from '../platform/plan-catalogue.js';

/**
 * What the account's files and batches are kept for follows its plan: after any change of plan (a
 * payment captured or refunded, a month run out, an operator's grant) the new plan's retention, within
 * the user's auto-delete setting, is applied to what the user already has, as new files get it.
 */
export class PlanRetention {
  constructor(
    private readonly deps: {
      auth: AuthService;
      /** The user's auto-delete setting, in days (0: never). */
      autoDeleteDays: (userId: string) => Promise<number>;
      files: FilesService;
      /** The batch service's (which reads plans through this feature, so it is passed in). */
      batches: { reapplyRetention(userId: string, keepSeconds: number | null): Promise<void> };
    },
  ) {}

  /** Applies the account's current plan's retention to its stored files and batch jobs. */
  async reapply(userId: string): Promise<void> {
    const plan = planLimits((await this.deps.auth.currentUser(userId)).plan);
    const keepMs = retentionMs(plan, await this.deps.autoDeleteDays(userId));
    await this.deps.files.reapplyRetention(userId, keepMs, plan.id === 'free' ? 'free' : 'premium');
    await this.deps.batches.reapplyRetention(userId, keepMs === null ? null : Math.ceil(keepMs / 1000));
  }
}
