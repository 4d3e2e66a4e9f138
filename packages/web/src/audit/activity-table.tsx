import Timeline from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AuditLog, AuditLogsResponse } from '@unnest/contracts';
import { Link as RouterLink } from 'react-router';
import { AuditStatusChip } from '../components/audit-status-chip';
import { EmptyState } from '../components/empty-state';
import { PagedTable, type Paging } from '../components/paged-table';
import { QueryError } from '../components/query-error';
import { ACTION_LABELS } from '../lib/audit-labels';
import { formatDateTime } from '../lib/format-date';
import { formatRoundedMegabytes } from '../lib/format-size';

function fileSize(megabytes: number | null): string {
  if (megabytes === null) return '–';
  return formatRoundedMegabytes(megabytes);
}

function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  return seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(2)} s`;
}

function ActivityRow({ log }: { log: AuditLog }) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>{ACTION_LABELS[log.action] ?? log.action}</TableCell>
      <TableCell>
        <AuditStatusChip status={log.status} />
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', maxWidth: 360, wordBreak: 'break-word' }}>{log.details}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{fileSize(log.fileSize)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{duration(log.duration)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.timestamp)}</TableCell>
    </TableRow>
  );
}

/** The audit page's Recent Activity: one page of the history as a table. */
export function ActivityTable({ logs, paging }: { logs: UseQueryResult<AuditLogsResponse>; paging: Paging }) {
  return (
    <Card>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          Recent Activity
        </Typography>
      </CardContent>
      {logs.isError && (
        <Box sx={{ p: 2 }}>
          <QueryError error={logs.error} fallback="Failed to load audit logs" onRetry={() => void logs.refetch()} />
        </Box>
      )}
      <PagedTable
        label="Recent activity"
        columns={['Action', 'Status', 'Details', 'File Size', 'Duration', 'Timestamp']}
        minWidth={760}
        rows={logs.data?.logs ?? []}
        renderRow={(log) => <ActivityRow key={log.id} log={log} />}
        loading={logs.isPending}
        skeletonLines={3}
        empty={
          logs.isError ? undefined : (
            <EmptyState
              icon={<Timeline />}
              title="No activity yet"
              hint="Start converting files to see your activity history"
              action={
                <Button variant="contained" component={RouterLink} to="/convert">
                  Convert a file
                </Button>
              }
            />
          )
        }
        paging={{ ...paging, count: logs.data?.total ?? 0 }}
      />
    </Card>
  );
}
