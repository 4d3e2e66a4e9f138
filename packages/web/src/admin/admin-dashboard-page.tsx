import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount } from '../lib/format-count';
import { formatBytes } from '../lib/format-size';
import { DASHBOARD_FALLBACK, useAdminDashboard } from './api/get-admin-dashboard';
import { formatMoney } from './money';

// The chart library is the biggest part of the page: the figures show while it loads.
const ConversionsChart = lazy(() =>
  import('./conversions-chart').then((module) => ({ default: module.ConversionsChart })),
);

/** /admin/dashboard: figures over every account. */
export default function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const data = dashboard.data;
  const loading = dashboard.isPending;
  return (
    <>
      <PageHeader title="Admin dashboard" subtitle="Every account of this server at a glance." />
      {dashboard.isError ? (
        <QueryError error={dashboard.error} fallback={DASHBOARD_FALLBACK} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Stack spacing={3}>
          <StatGrid>
            <StatCard label="Accounts" value={formatCount(data?.accounts ?? 0)} loading={loading} />
            <StatCard label="Active (7 days)" value={formatCount(data?.active_last_7_days ?? 0)} loading={loading} />
            <StatCard label="Bytes converted" value={formatBytes(data?.bytes_converted ?? 0)} loading={loading} />
            <StatCard label="Storage used" value={formatBytes(data?.storage_used ?? 0)} loading={loading} />
            <StatCard label="Failed jobs" value={formatCount(data?.failed_jobs ?? 0)} loading={loading} />
          </StatGrid>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Conversions per day
              </Typography>
              {data ? (
                <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
                  <ConversionsChart days={data.conversions_per_day} />
                </Suspense>
              ) : (
                <Skeleton variant="rounded" height={240} />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Revenue
              </Typography>
              {data && data.revenue.length === 0 && (
                <Typography color="text.secondary">No payments received yet.</Typography>
              )}
              {data && data.revenue.length > 0 && (
                <Table size="small" aria-label="Revenue by currency">
                  <TableHead>
                    <TableRow>
                      <TableCell>Currency</TableCell>
                      <TableCell align="right">Payments</TableCell>
                      <TableCell align="right">Received (refunds taken off)</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.revenue.map((row) => (
                      <TableRow key={row.currency}>
                        <TableCell>{row.currency}</TableCell>
                        <TableCell align="right">{formatCount(row.payments)}</TableCell>
                        <TableCell align="right">{formatMoney(row.amount, row.currency)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
    </>
  );
}
