import type { AuditAction, AuditLog, AuditStatus } from '@unnest/contracts';

/** How each audited action reads, wherever an audit entry is shown (the user's history, the admin area). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  json_to_csv: 'JSON to CSV',
  csv_to_json: 'CSV to JSON',
  quick_convert: 'Quick convert',
  download: 'Download',
  delete: 'Delete',
  sign_in: 'Sign in',
  upload: 'Upload',
  admin_set_plan: 'Admin: plan changed',
  admin_add_credits: 'Admin: credits added',
  admin_set_role: 'Admin: role changed',
  admin_disable: 'Admin: account disabled',
  admin_enable: 'Admin: account enabled',
  admin_resend_confirmation: 'Admin: confirmation resent',
  admin_delete_user: 'Admin: account deleted',
  admin_retry_job: 'Admin: job retried',
};

/** How each outcome reads. */
export const STATUS_LABELS: Record<AuditStatus, string> = {
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
};

/** Whether an entry is a conversion (what the chart counts). */
export function isConversion(log: AuditLog): boolean {
  return log.action === 'json_to_csv' || log.action === 'csv_to_json' || log.action === 'quick_convert';
}
