import Refresh from '@mui/icons-material/Refresh';
import Timeline from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { AuditLog } from '@unnest/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { StatCard, StatGrid } from '../components/stat-card';
import { TablePager } from '../components/table-pager';
import { useProfileStats } from '../lib/api/get-profile-stats';
import { formatDateTime } from '../lib/format-date';
import { formatRoundedMegabytes } from '../lib/format-size';
import { useAuditLogs, useRecentAuditLogs } from './api/get-audit-logs';
import { ACTION_LABELS } from './audit-labels';

const CHART_DAYS = 30;
// The chart library is the biggest part of this page: the table shows while it loads.
const ActivityChart = lazy(() => import('./activity-chart').then((module) => ({ default: module.ActivityChart })));
const STATUS_COLOURS = { success: 'success', error: 'error', warning: 'warning' } as const;

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
        <Chip size="small" variant="outlined" label={log.status} color={STATUS_COLOURS[log.status] ?? 'default'} />
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', maxWidth: 360, wordBreak: 'break-word' }}>{log.details}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{fileSize(log.fileSize)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{duration(log.duration)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.timestamp)}</TableCell>
    </TableRow>
  );
}

/** Audit & Usage History (spec section 2.7): usage figures, a chart over time and every recorded action. */
export default function AuditPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const stats = useProfileStats();
  const logs = useAuditLogs(page + 1, pageSize);
  const recent = useRecentAuditLogs(CHART_DAYS);
  const rows = logs.data?.logs ?? [];

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
    void queryClient.invalidateQueries({ queryKey: ['profile', 'stats'] });
  }

  return (
    <>
      <PageHeader
        title="Audit & Usage History"
        subtitle="Every conversion, download, deletion and sign-in on your account."
        actions={
          <Button startIcon={<Refresh />} onClick={refresh} color="inherit" disabled={logs.isFetching}>
            Refresh
          </Button>
        }
      />
      <Stack spacing={3}>
        {stats.isError ? (
          <QueryError
            error={stats.error}
            fallback="Failed to load usage statistics"
            onRetry={() => void stats.refetch()}
          />
        ) : (
          <StatGrid>
            <StatCard label="Total Conversions" value={stats.data?.totalConversions ?? 0} loading={stats.isPending} />
            <StatCard label="This Month" value={stats.data?.thisMonth ?? 0} loading={stats.isPending} />
            <StatCard
              label="Success Rate"
              value={`${(stats.data?.successRate ?? 0).toFixed(1)}%`}
              loading={stats.isPending}
            />
            <StatCard
              label="Avg File Size"
              value={stats.data?.totalConversions ? formatRoundedMegabytes(stats.data.averageFileSize) : '–'}
              loading={stats.isPending}
            />
          </StatGrid>
        )}

        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Conversions over time
            </Typography>
            {recent.isPending && <Skeleton variant="rounded" height={180} />}
            {recent.isError && (
              <QueryError
                error={recent.error}
                fallback="Failed to load audit logs"
                onRetry={() => void recent.refetch()}
              />
            )}
            {recent.data && (
              <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                <ActivityChart logs={recent.data.logs} days={CHART_DAYS} />
              </Suspense>
            )}
            {recent.data && !recent.data.complete && (
              <Typography variant="caption" color="text.secondary">
                The chart shows your most recent 1,000 actions.
              </Typography>
            )}
          </CardContent>
        </Card>

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
          {logs.isPending ? (
            <Box sx={{ p: 2 }}>
              <Skeleton height={40} />
              <Skeleton height={40} />
              <Skeleton height={40} />
            </Box>
          ) : rows.length === 0 && !logs.isError ? (
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
          ) : (
            <>
              <TableContainer>
                <Table aria-label="Recent activity" sx={{ minWidth: 760 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Action</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Details</TableCell>
                      <TableCell>File Size</TableCell>
                      <TableCell>Duration</TableCell>
                      <TableCell>Timestamp</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((log) => (
                      <ActivityRow key={log.id} log={log} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePager
                count={logs.data?.total ?? 0}
                page={page}
                pageSize={pageSize}
                setPage={setPage}
                setPageSize={setPageSize}
              />
            </>
          )}
        </Card>
      </Stack>
    </>
  );
}
