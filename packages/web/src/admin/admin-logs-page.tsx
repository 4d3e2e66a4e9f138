import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTIONS, AUDIT_STATUSES, type AuditAction, type AuditStatus } from '@unnest/contracts';
import { useDeferredValue, useState } from 'react';
import { AuditStatusChip } from '../components/audit-status-chip';
import { LabelledSelect } from '../components/labelled-select';
import { PageHeader } from '../components/page-header';
import { PagedTable, usePaging } from '../components/paged-table';
import { QueryError } from '../components/query-error';
import { ACTION_LABELS, STATUS_LABELS } from '../lib/audit-labels';
import { formatDateTime } from '../lib/format-date';
import { LOGS_FALLBACK, type LogFilters, useAdminLogs } from './api/get-admin-logs';

const ACTION_OPTIONS = [
  { value: '' as const, label: 'Any action' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] })),
];
const STATUS_OPTIONS = [
  { value: '' as const, label: 'Any status' },
  ...AUDIT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

/** /admin/logs: the audit of every account, filtered by account, action and status. */
export default function AdminLogsPage() {
  const [user, setUser] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [status, setStatus] = useState<AuditStatus | ''>('');
  const deferredUser = useDeferredValue(user);
  const paging = usePaging();
  const filters: LogFilters = { user: deferredUser, action, status };
  const logs = useAdminLogs(filters, paging.page + 1, paging.pageSize);
  return (
    <>
      <PageHeader title="Logs" subtitle="What every account did, admins' actions included, newest first." />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Account (e-mail or id)"
          size="small"
          value={user}
          onChange={(event) => {
            setUser(event.target.value);
            paging.setPage(0);
          }}
          sx={{ minWidth: 260 }}
        />
        <LabelledSelect
          id="logs-action"
          label="Action"
          value={action}
          options={ACTION_OPTIONS}
          onChange={(value) => {
            setAction(value);
            paging.setPage(0);
          }}
          minWidth={220}
        />
        <LabelledSelect
          id="logs-status"
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value);
            paging.setPage(0);
          }}
          minWidth={160}
        />
      </Stack>
      {logs.isError && <QueryError error={logs.error} fallback={LOGS_FALLBACK} onRetry={() => void logs.refetch()} />}
      <Card>
        <PagedTable
          label="Audit of every account"
          columns={['Time', 'Account', 'Done to', 'Action', 'Status', 'Details']}
          minWidth={760}
          rows={logs.data?.logs ?? []}
          renderRow={(entry) => (
            <TableRow key={entry.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.timestamp)}</TableCell>
              <TableCell>{entry.email}</TableCell>
              <TableCell>{entry.subject_email ?? ''}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{ACTION_LABELS[entry.action] ?? entry.action}</TableCell>
              <TableCell>
                <AuditStatusChip status={entry.status} />
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word', maxWidth: 420 }}>{entry.details}</TableCell>
            </TableRow>
          )}
          loading={logs.isPending}
          skeletonLines={2}
          noRowText={logs.data ? 'No entries match these filters.' : undefined}
          paging={{ ...paging, count: logs.data?.total ?? 0 }}
        />
      </Card>
    </>
  );
}
