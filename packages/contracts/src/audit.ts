import { type Static, Type } from 'typebox';
import { pagingFields } from './paging.js';

/** What an audit entry records. */
export const AUDIT_ACTIONS = [
  'json_to_csv',
  'csv_to_json',
  'quick_convert',
  'download',
  'delete',
  'sign_in',
  'upload',
  // What an administrator did, recorded under the administrator's account.
  'admin_set_plan',
  'admin_add_credits',
  'admin_set_role',
  'admin_disable',
  'admin_enable',
  'admin_resend_confirmation',
  'admin_delete_user',
  'admin_retry_job',
] as const;
/** One audit action. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** What administrators do: kept in the audit after the accounts they name are deleted. */
export const ADMIN_AUDIT_ACTIONS: readonly AuditAction[] = AUDIT_ACTIONS.filter((action) =>
  action.startsWith('admin_'),
);
/** Outcomes of an audited action (spec section 4). */
export const AUDIT_STATUSES = ['success', 'error', 'warning'] as const;
/** One outcome. */
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

const AuditStatusSchema = Type.Union([Type.Literal('success'), Type.Literal('error'), Type.Literal('warning')]);

/** One entry of the usage history (spec section 3). */
export const AuditLog = Type.Object({
  id: Type.String(),
  action: Type.Enum([...AUDIT_ACTIONS]),
  status: AuditStatusSchema,
  details: Type.String(),
  fileSize: Type.Union([Type.Number(), Type.Null()], { description: 'MB' }),
  duration: Type.Union([Type.Number(), Type.Null()], { description: 'seconds' }),
  timestamp: Type.String({ format: 'date-time' }),
});
export type AuditLog = Static<typeof AuditLog>;

/** GET /api/audit/logs?page=&page_size= */
export const AuditLogsQuery = Type.Object(pagingFields());
export type AuditLogsQuery = Static<typeof AuditLogsQuery>;

/** GET /api/audit/user-activity: the caller's history, filtered by action, outcome and a time range. */
export const UserActivityQuery = Type.Object({
  ...pagingFields(),
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  status: Type.Optional(AuditStatusSchema),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'entries at or after this time' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'entries before this time' })),
});
export type UserActivityQuery = Static<typeof UserActivityQuery>;

/** Newest first. */
export const AuditLogsResponse = Type.Object({
  logs: Type.Array(AuditLog),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type AuditLogsResponse = Static<typeof AuditLogsResponse>;
