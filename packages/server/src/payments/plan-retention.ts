import type { FilesService } from '../files/service.js';
import type { Accounts } from '../platform/account.js';
import { retentionMs } from '../platform/plan-catalogue.js';

/**
 * What the account's files and batches are kept for follows its plan: after any change of plan (a
 * payment captured or refunded, a month run out, an operator's grant) the new plan's retention, within
 * the user's auto-delete setting, is applied to what the user already has, as new files get it.
 */
export class PlanRetention {
  constructor(
    private readonly deps: {
      /** A plan changes in a job, a webhook or the operator's command: the account is read by id. */
      accounts: Pick<Accounts, 'byId'>;
      files: FilesService;
      /** The batch service's (which reads plans through this feature, so it is passed in). */
      batches: { reapplyRetention(userId: string, keepSeconds: number | null): Promise<void> };
    },
  ) {}

  /** Applies the account's current plan's retention to its stored files and batch jobs. */
  async reapply(userId: string): Promise<void> {
    const account = await this.deps.accounts.byId(userId);
    const plan = account.plan;
    const keepMs = retentionMs(plan, (await account.settings()).auto_delete_days);
    await this.deps.files.reapplyRetention(userId, keepMs, plan.id === 'free' ? 'free' : 'premium');
    await this.deps.batches.reapplyRetention(userId, keepMs === null ? null : Math.ceil(keepMs / 1000));
  }
}
