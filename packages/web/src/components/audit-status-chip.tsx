import Chip from '@mui/material/Chip';
import type { AuditStatus } from '@unnest/contracts';
import { STATUS_LABELS } from '../lib/audit-labels';

const STATUS_COLOURS = { success: 'success', error: 'error', warning: 'warning' } as const;

/** An audit entry's outcome, as the user's history and the admin area show it. */
export function AuditStatusChip({ status }: { status: AuditStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={STATUS_LABELS[status] ?? status}
      color={STATUS_COLOURS[status] ?? 'default'}
    />
  );
}
