import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { ACTION_LABELS } from '../lib/audit-labels';
import { formatCount } from '../lib/format-count';
import { formatBytes } from '../lib/format-size';
import { STATS_FALLBACK, useAdminStats } from './api/get-admin-stats';

/** A titled table of figures. */
function FigureTable(props: { title: string; headers: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        {props.rows.length === 0 ? (
          <Typography color="text.secondary">{props.empty}</Typography>
        ) : (
          <Table size="small" aria-label={props.title}>
            <TableHead>
              <TableRow>
                {props.headers.map((header, index) => (
                  <TableCell key={header} align={index === 0 ? 'left' : 'right'}>
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((cells, row) => (
                // Rows are figures of a fixed report, never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: the report's rows have no other identity
                <TableRow key={row}>
                  {cells.map((cell, index) => (
                    <TableCell key={props.headers[index]} align={index === 0 ? 'left' : 'right'}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** /admin/stats: what happened over the last 30 days, and the accounts per plan. */
export default function AdminStatsPage() {
  const stats = useAdminStats();
  const data = stats.data;
  return (
    <>
      <PageHeader
        title="Stats"
        subtitle={`Actions, sign-ups and the busiest accounts over the last ${data?.days ?? 30} days.`}
      />
      {stats.isError && (
        <QueryError error={stats.error} fallback={STATS_FALLBACK} onRetry={() => void stats.refetch()} />
      )}
      {stats.isPending && <Skeleton variant="rounded" height={240} />}
      {data && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FigureTable
              title="Actions by outcome"
              headers={['Action', 'Success', 'Error', 'Warning']}
              rows={data.actions.map((row) => [
                ACTION_LABELS[row.action] ?? row.action,
                formatCount(row.success),
                formatCount(row.error),
                formatCount(row.warning),
              ])}
              empty="Nothing was done in this period."
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FigureTable
              title="Accounts per plan"
              headers={['Plan', 'Accounts']}
              rows={data.plans.map((row) => [row.plan, formatCount(row.accounts)])}
              empty="No accounts yet."
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FigureTable
              title="Sign-ups per day"
              headers={['Day (UTC)', 'Accounts']}
              rows={data.signups_per_day.map((row) => [row.date, formatCount(row.accounts)])}
              empty="No sign-ups in this period."
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FigureTable
              title="Accounts that converted the most"
              headers={['Account', 'Conversions', 'Bytes']}
              rows={data.top_users.map((row) => [row.email, formatCount(row.conversions), formatBytes(row.bytes)])}
              empty="No conversions in this period."
            />
          </Grid>
        </Grid>
      )}
    </>
  );
}
