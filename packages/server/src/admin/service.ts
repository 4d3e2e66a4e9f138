import type {
  AdminAddCreditsBody,
  AdminDashboard,
  AdminJobsResponse,
  AdminLogsQuery,
  AdminLogsResponse,
  AdminStats,
  AdminUserDetail,
  AdminUserSummary,
  AdminUsersResponse,
  AuditAction,
  AuditStatus,
  PlanId,
} from '@unnest/contracts';
import { AUDIT_ACTIONS, PLAN_IDS } from '@unnest/contracts';
import type { AuditService } from '../audit/service.js';
import { CONVERSION_ACTIONS, toAuditLog } from '../audit/service.js';
import type { AuthService } from '../auth/service.js';
import type { FilesService } from '../files/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import type { JobQueue } from '../platform/jobs.js';
import type { ProfileService } from '../profile/service.js';
import type { AccountRow, AdminRepository } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACTIVE_DAYS = 7;
const DASHBOARD_DAYS = 14;
const STATS_DAYS = 30;
const TOP_USERS = 10;
const RECENT_ACTIVITY = 10;

/** What an admin action is about, for its audit entry. */
interface Target {
  action: AuditAction;
  account: AccountRow;
  /** What was done, e.g. "Changed the plan from free to business". */
  summary: string;
}

/** Whole UTC days from `days - 1` days ago to today, oldest first. */
function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

function startOfDay(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/**
 * The admin area: figures over every account, the accounts themselves and what operators do to them.
 * Every change goes through the feature that owns it (plans and credits through payments, accounts
 * through auth and profile) and is written to the audit under the acting admin's account.
 */
export class AdminService {
  constructor(
    private readonly deps: {
      repository: AdminRepository;
      auth: AuthService;
      payments: PaymentsService;
      profile: ProfileService;
      files: FilesService;
      audit: AuditService;
      jobs: JobQueue;
      clock: Clock;
    },
  ) {}

  async dashboard(): Promise<AdminDashboard> {
    const { repository, clock } = this.deps;
    const now = clock.now();
    const days = lastDays(now, DASHBOARD_DAYS);
    const perDay = await repository.conversionsPerDay(CONVERSION_ACTIONS, startOfDay(days[0] ?? ''));
    const byDate = new Map(perDay.map((row) => [row.date, row]));
    return {
      accounts: await repository.accountCount(),
      active_last_7_days: await repository.activeAccounts(new Date(now.getTime() - ACTIVE_DAYS * DAY_MS)),
      conversions_per_day: days.map((date) => byDate.get(date) ?? { date, successful: 0, failed: 0, bytes: 0 }),
      bytes_converted: await repository.bytesConverted(CONVERSION_ACTIONS),
      storage_used: await repository.storageUsed(),
      failed_jobs: (await this.deps.jobs.failedJobs(0, 1)).total,
      revenue: await repository.revenue(),
    };
  }

  async users(query: string | undefined, page: number, pageSize: number): Promise<AdminUsersResponse> {
    const { rows, total } = await this.deps.repository.accounts(query, (page - 1) * pageSize, pageSize);
    return { users: rows.map((row) => this.summary(row)), total, page, page_size: pageSize };
  }

  async user(userId: string): Promise<AdminUserDetail> {
    const account = await this.account(userId);
    const state = await this.deps.payments.accountState(userId);
    return {
      ...this.summary(account),
      credits: state.credits,
      storage_used: await this.deps.files.storedBytes(userId),
      files: await this.deps.repository.fileCount(userId),
      period_end: state.periodEnd,
      disabled_at: account.disabledAt?.toISOString() ?? null,
      recent_activity: (await this.deps.audit.page(userId, 1, RECENT_ACTIVITY)).logs,
    };
  }

  /** Changes an account's plan through the payments rules, effective at once. */
  async setPlan(adminId: string, userId: string, plan: PlanId): Promise<AdminUserDetail> {
    const account = await this.account(userId);
    const summary = `Changed the plan from ${account.plan} to ${plan}`;
    await this.audited(adminId, { action: 'admin_set_plan', account, summary }, () =>
      this.deps.payments.setPlanByOperator(userId, plan),
    );
    return this.user(userId);
  }

  /** Adds credits with a reason, once per request id. */
  async addCredits(adminId: string, userId: string, grant: AdminAddCreditsBody): Promise<AdminUserDetail> {
    const account = await this.account(userId);
    const summary = `Added ${grant.credits} credit(s): ${grant.reason}`;
    // A repeated request (same request id) is answered like the first; its entry says it added nothing.
    const repeated = (result: { added: boolean }) => (result.added ? '' : ' (a repeated request: nothing added)');
    await this.audited(
      adminId,
      { action: 'admin_add_credits', account, summary },
      () =>
        this.deps.payments.addCreditsByOperator({
          requestId: grant.request_id,
          userId,
          grantedBy: adminId,
          credits: grant.credits,
          reason: grant.reason,
        }),
      repeated,
    );
    return this.user(userId);
  }

  /**
   * Gives or takes the admin role. An account in ADMIN_EMAILS is an admin whatever is stored, so taking
   * its role is refused (ADMIN_FROM_CONFIG); the refusal is audited like any failed action.
   */
  async setRole(adminId: string, userId: string, admin: boolean): Promise<AdminUserDetail> {
    const account = await this.account(userId);
    const summary = admin ? 'Gave the admin role' : 'Took the admin role';
    await this.audited(adminId, { action: 'admin_set_role', account, summary }, async () => {
      if (!admin) this.refuseIfConfiguredAdmin(account, 'demoted');
      if (!admin && userId === adminId) {
        throw new AppError('BAD_REQUEST', { detail: 'You cannot take the admin role from your own account.' });
      }
      await this.deps.auth.changeAccess(userId, { isAdmin: admin });
    });
    return this.user(userId);
  }

  /** Disables an account (no sign-in, its tokens refused at once) or enables it again. */
  async setDisabled(adminId: string, userId: string, disabled: boolean): Promise<AdminUserDetail> {
    const account = await this.account(userId);
    const action = disabled ? 'admin_disable' : 'admin_enable';
    const summary = disabled ? 'Disabled the account' : 'Enabled the account';
    await this.audited(adminId, { action, account, summary }, async () => {
      if (disabled) this.refuseIfConfiguredAdmin(account, 'disabled');
      if (disabled && userId === adminId) {
        throw new AppError('BAD_REQUEST', { detail: 'You cannot disable your own account.' });
      }
      return this.deps.auth.setDisabled(userId, disabled);
    });
    return this.user(userId);
  }

  async resendConfirmation(adminId: string, userId: string): Promise<void> {
    const account = await this.account(userId);
    const summary = 'Sent a new confirmation code';
    await this.audited(adminId, { action: 'admin_resend_confirmation', account, summary }, () =>
      this.deps.auth.resendConfirmationTo(userId),
    );
  }

  /**
   * Deletes an account with its stored files and its own history, as the account's own deletion does.
   * The audit of admin actions by it and on it stays, naming it by id and e-mail.
   */
  async deleteUser(adminId: string, userId: string): Promise<void> {
    const account = await this.account(userId);
    await this.audited(adminId, { action: 'admin_delete_user', account, summary: 'Deleted the account' }, async () => {
      this.refuseIfConfiguredAdmin(account, 'deleted');
      if (userId === adminId) {
        throw new AppError('BAD_REQUEST', { detail: 'You cannot delete your own account here: use Settings.' });
      }
      await this.deps.profile.eraseAccount(userId);
    });
  }

  async stats(): Promise<AdminStats> {
    const { repository, clock } = this.deps;
    const since = new Date(clock.now().getTime() - STATS_DAYS * DAY_MS);
    const counts = await repository.actionCounts(since);
    const plans = await repository.accountsPerPlan();
    return {
      days: STATS_DAYS,
      actions: AUDIT_ACTIONS.map((action) => {
        const of = (status: AuditStatus) =>
          counts.find((row) => row.action === action && row.status === status)?.total ?? 0;
        return { action, success: of('success'), error: of('error'), warning: of('warning') };
      }).filter((row) => row.success + row.error + row.warning > 0),
      plans: PLAN_IDS.map((plan) => ({ plan, accounts: plans.find((row) => row.plan === plan)?.accounts ?? 0 })),
      signups_per_day: await repository.signupsPerDay(since),
      top_users: (await repository.topConverters(CONVERSION_ACTIONS, since, TOP_USERS)).map((row) => ({
        user_id: row.userId,
        email: row.email,
        conversions: row.conversions,
        bytes: row.bytes,
      })),
    };
  }

  async logs(query: AdminLogsQuery): Promise<AdminLogsResponse> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 20;
    const { rows, total } = await this.deps.repository.logs(
      { user: query.user, action: query.action, status: query.status },
      (page - 1) * pageSize,
      pageSize,
    );
    return {
      logs: rows.map((row) => ({
        ...toAuditLog(row),
        user_id: row.userId,
        email: row.email,
        subject_user_id: row.subjectUserId,
        subject_email: row.subjectEmail,
      })),
      total,
      page,
      page_size: pageSize,
    };
  }

  async failedJobs(page: number, pageSize: number): Promise<AdminJobsResponse> {
    const { jobs, total } = await this.deps.jobs.failedJobs((page - 1) * pageSize, pageSize);
    return {
      jobs: jobs.map((job) => ({
        id: job.id,
        queue: job.queue,
        retries: job.retries,
        error: job.error,
        created_at: job.createdAt.toISOString(),
        failed_at: job.failedAt?.toISOString() ?? null,
      })),
      total,
      page,
      page_size: pageSize,
    };
  }

  /** Puts a failed job back in its queue; NOT_FOUND when no such job has failed. */
  async retryJob(adminId: string, queue: string, jobId: string): Promise<void> {
    const retried = await this.deps.jobs.retry(queue, jobId);
    if (!retried) throw new AppError('NOT_FOUND', { detail: 'No failed job with this id in this queue' });
    await this.deps.audit.record(adminId, {
      action: 'admin_retry_job',
      status: 'success',
      details: `Retried job ${jobId} of queue ${queue}`,
    });
  }

  private summary(row: AccountRow): AdminUserSummary {
    const fromConfig = this.deps.auth.isConfiguredAdmin(row.email);
    return {
      user_id: row.id,
      email: row.email,
      plan: row.plan as PlanId,
      is_admin: fromConfig || row.isAdmin,
      admin_from_config: fromConfig,
      disabled: row.disabledAt !== null,
      email_confirmed: row.emailConfirmedAt !== null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** An ADMIN_EMAILS account is the operator's: the admin area cannot demote, disable or delete it. */
  private refuseIfConfiguredAdmin(account: AccountRow, what: 'demoted' | 'disabled' | 'deleted'): void {
    if (!this.deps.auth.isConfiguredAdmin(account.email)) return;
    throw new AppError('ADMIN_FROM_CONFIG', {
      detail: `${account.email} is an admin through the ADMIN_EMAILS setting, so it cannot be ${what} here. Remove it from ADMIN_EMAILS on the server first.`,
    });
  }

  private async account(userId: string): Promise<AccountRow> {
    const account = await this.deps.repository.account(userId);
    if (!account) throw new AppError('USER_NOT_FOUND');
    return account;
  }

  /**
   * Runs an admin action and writes it, done or failed (a refusal too), to the audit under the admin's
   * account, naming the account it was done to by id and e-mail, and whether that account was an admin.
   */
  private async audited<T>(
    adminId: string,
    target: Target,
    work: () => Promise<T>,
    outcome: (result: T) => string = () => '',
  ): Promise<T> {
    const { account } = target;
    const anAdmin = account.isAdmin || this.deps.auth.isConfiguredAdmin(account.email) ? ', an admin' : '';
    const about = `${target.summary}, for ${account.email} (${account.id})${anAdmin}`;
    const subject = { id: account.id, email: account.email };
    try {
      const result = await work();
      await this.deps.audit.record(adminId, {
        action: target.action,
        status: 'success',
        details: `${about}${outcome(result)}`,
        subject,
      });
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.deps.audit.record(adminId, {
        action: target.action,
        status: 'error',
        details: `${about}: ${reason}`,
        subject,
      });
      throw error;
    }
  }
}
