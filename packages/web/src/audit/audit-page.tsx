import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileStats } from '@unnest/contracts';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../components/page-header';
import { usePaging } from '../components/paged-table';
import { QueryError } from '../components/query-error';
import { StatCard, StatGrid } from '../components/stat-card';
import { useProfileStats } from '../lib/api/get-profile-stats';
import { formatCount } from '../lib/format-count';
import { formatRoundedMegabytes } from '../lib/format-size';
import { successRateText } from '../lib/success-rate-text';
import { ActivityTable } from './activity-table';
import { useAuditLogs, useRecentAuditLogs } from './api/get-audit-logs';

const CHART_DAYS = 30;
// The chart library is the biggest part of this page: the table shows while it loads.
const ActivityChart = lazy(() => import('./activity-chart').then((module) => ({ default: module.ActivityChart })));

/** What the success rate is of: every attempt, refused ones included (the server records them as failed). */
export function attemptsText(stats: Pick<ProfileStats, 'successfulConversions' | 'totalConversions'>): string {
  const total = stats.totalConversions;
  return `${formatCount(stats.successfulConversions)} of ${formatCount(total)} ${total === 1 ? 'attempt' : 'attempts'} succeeded, refused ones included`;
}

/** Audit & Usage History (spec section 2.7): usage figures, a chart over time and every recorded action. */
export default function AuditPage() {
  const queryClient = useQueryClient();
  const paging = usePaging();
  const stats = useProfileStats();
  const logs = useAuditLogs(paging.page + 1, paging.pageSize);
  const recent = useRecentAuditLogs(CHART_DAYS);

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
              value={successRateText(stats.data)}
              hint={stats.data?.totalConversions ? attemptsText(stats.data) : undefined}
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

        <ActivityTable logs={logs} paging={paging} />
      </Stack>
    </>
  );
}
