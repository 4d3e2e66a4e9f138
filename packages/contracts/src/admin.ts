import { type Static, Type } from 'typebox';
import { AUDIT_ACTIONS, AuditLog } from './audit.js';
import { pagingFields } from './paging.js';
import { PLAN_IDS } from './plans.js';

const Status = Type.Union([Type.Literal('success'), Type.Literal('error'), Type.Literal('warning')]);
const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

/** Conversions of one UTC day. */
export const DailyConversions = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  successful: Type.Integer(),
  failed: Type.Integer(),
  bytes: Type.Number({ description: 'bytes of the inputs converted that day' }),
});
export type DailyConversions = Static<typeof DailyConversions>;

/** Paid money in one currency, in its smallest unit (paise, cents), refunds taken off. */
export const CurrencyRevenue = Type.Object({
  currency: Type.String(),
  amount: Type.Integer(),
  payments: Type.Integer(),
});
export type CurrencyRevenue = Static<typeof CurrencyRevenue>;

/** GET /api/admin/dashboard */
export const AdminDashboard = Type.Object({
  accounts: Type.Integer(),
  active_last_7_days: Type.Integer({ description: 'accounts with an audited action in the last 7 days' }),
  conversions_per_day: Type.Array(DailyConversions, { description: 'the last 14 days, oldest first' }),
  bytes_converted: Type.Number({ description: 'bytes of every input ever converted' }),
  storage_used: Type.Number({ description: 'bytes stored (uploads and results)' }),
  failed_jobs: Type.Integer({ description: 'background jobs that failed for good and are still kept' }),
  revenue: Type.Array(CurrencyRevenue),
});
export type AdminDashboard = Static<typeof AdminDashboard>;

/** GET /api/admin/users?q=&page=&page_size= */
export const AdminUsersQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 320, description: 'part of the e-mail address' })),
  ...pagingFields(),
});
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

/** One account as the admin area lists it. */
export const AdminUserSummary = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  plan: Type.Enum([...PLAN_IDS]),
  is_admin: Type.Boolean(),
  admin_from_config: Type.Boolean({ description: 'listed in ADMIN_EMAILS: always an admin' }),
  disabled: Type.Boolean(),
  email_confirmed: Type.Boolean(),
  created_at: DateTime,
});
export type AdminUserSummary = Static<typeof AdminUserSummary>;

export const AdminUsersResponse = Type.Object({
  users: Type.Array(AdminUserSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type AdminUsersResponse = Static<typeof AdminUsersResponse>;

/** GET /api/admin/users/{id} */
export const AdminUserDetail = Type.Object({
  ...AdminUserSummary.properties,
  credits: Type.Integer(),
  storage_used: Type.Number({ description: 'bytes' }),
  files: Type.Integer(),
  period_end: NullableDateTime,
  disabled_at: NullableDateTime,
  recent_activity: Type.Array(AuditLog),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;

export const AdminUserParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type AdminUserParams = Static<typeof AdminUserParams>;

/** PUT /api/admin/users/{id}/plan */
export const AdminSetPlanBody = Type.Object({ plan: Type.Enum([...PLAN_IDS]) });
export type AdminSetPlanBody = Static<typeof AdminSetPlanBody>;

/** PUT /api/admin/users/{id}/role */
export const AdminSetRoleBody = Type.Object({ admin: Type.Boolean() });
export type AdminSetRoleBody = Static<typeof AdminSetRoleBody>;

/**
 * POST /api/admin/users/{id}/credits. `request_id` is chosen by the client once per grant: the same
 * id sent again adds nothing more.
 */
export const AdminAddCreditsBody = Type.Object({
  credits: Type.Integer({ minimum: 1, maximum: 10_000 }),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
  request_id: Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type AdminAddCreditsBody = Static<typeof AdminAddCreditsBody>;

/** GET /api/admin/stats: the last 30 days and the accounts as they are now. */
export const AdminStats = Type.Object({
  days: Type.Integer(),
  actions: Type.Array(
    Type.Object({
      action: Type.Enum([...AUDIT_ACTIONS]),
      success: Type.Integer(),
      error: Type.Integer(),
      warning: Type.Integer(),
    }),
  ),
  plans: Type.Array(Type.Object({ plan: Type.Enum([...PLAN_IDS]), accounts: Type.Integer() })),
  signups_per_day: Type.Array(Type.Object({ date: Type.String(), accounts: Type.Integer() })),
  top_users: Type.Array(
    Type.Object({ user_id: Type.String(), email: Type.String(), conversions: Type.Integer(), bytes: Type.Number() }),
    { description: 'the ten accounts that converted the most bytes' },
  ),
});
export type AdminStats = Static<typeof AdminStats>;

/** GET /api/admin/logs?user=&action=&status=&page=&page_size= */
export const AdminLogsQuery = Type.Object({
  user: Type.Optional(Type.String({ maxLength: 320, description: 'an account id or part of its e-mail' })),
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  status: Type.Optional(Status),
  ...pagingFields(),
});
export type AdminLogsQuery = Static<typeof AdminLogsQuery>;

/** An entry of the audit of every account: who acted, and on whom, as they were at the time. */
export const AdminLogEntry = Type.Object({
  ...AuditLog.properties,
  user_id: Type.String({ description: 'the account that acted (it may have been deleted since)' }),
  email: Type.String({ description: 'its e-mail when it acted' }),
  subject_user_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the account an admin action was done to; null for an account’s own actions',
  }),
  subject_email: Type.Union([Type.String(), Type.Null()], { description: 'its e-mail at the time' }),
});
export type AdminLogEntry = Static<typeof AdminLogEntry>;

export const AdminLogsResponse = Type.Object({
  logs: Type.Array(AdminLogEntry),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type AdminLogsResponse = Static<typeof AdminLogsResponse>;

/** One background job that failed for good. */
export const FailedJob = Type.Object({
  id: Type.String(),
  queue: Type.String(),
  retries: Type.Integer(),
  error: Type.String({ description: 'the last failure, shortened' }),
  created_at: DateTime,
  failed_at: NullableDateTime,
});
export type FailedJob = Static<typeof FailedJob>;

/** GET /api/admin/jobs?page=&page_size= */
export const AdminJobsQuery = Type.Object(pagingFields());
export type AdminJobsQuery = Static<typeof AdminJobsQuery>;

export const AdminJobsResponse = Type.Object({
  jobs: Type.Array(FailedJob),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type AdminJobsResponse = Static<typeof AdminJobsResponse>;

export const AdminJobParams = Type.Object({
  queue: Type.String({ minLength: 1, maxLength: 200 }),
  id: Type.String({ format: 'uuid' }),
});
export type AdminJobParams = Static<typeof AdminJobParams>;

/** GET /api/debug/info: what is running, never a secret. */
export const DebugInfo = Type.Object({
  version: Type.String(),
  node_version: Type.String(),
  uptime_seconds: Type.Integer(),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  storage: Type.Union([Type.Literal('local'), Type.Literal('s3')]),
  mail: Type.Union([Type.Literal('smtp'), Type.Literal('outbox')]),
  payments: Type.String(),
  workers: Type.Integer(),
  queue: Type.Object({
    depth: Type.Integer({ description: 'jobs waiting or running' }),
    failed: Type.Integer(),
    queues: Type.Array(
      Type.Object({ name: Type.String(), waiting: Type.Integer(), active: Type.Integer(), failed: Type.Integer() }),
    ),
  }),
  recent_errors: Type.Integer({ description: 'error records kept for /api/debug/logs' }),
});
export type DebugInfo = Static<typeof DebugInfo>;

/** One error log record (secrets taken out). */
export const DebugLogRecord = Type.Object({
  time: DateTime,
  level: Type.String(),
  message: Type.String(),
  details: Type.String({ description: 'the rest of the record as JSON, secrets redacted' }),
});
export type DebugLogRecord = Static<typeof DebugLogRecord>;

/** GET /api/debug/logs: the most recent error records of this process, newest first. */
export const DebugLogs = Type.Object({ records: Type.Array(DebugLogRecord) });
export type DebugLogs = Static<typeof DebugLogs>;
