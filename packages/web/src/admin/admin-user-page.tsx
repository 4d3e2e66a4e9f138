import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
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
import { Link as RouterLink, useParams } from 'react-router';
import { AuditStatusChip } from '../components/audit-status-chip';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { StatCard, StatGrid } from '../components/stat-card';
import { ACTION_LABELS } from '../lib/audit-labels';
import { formatCount } from '../lib/format-count';
import { formatDateTime } from '../lib/format-date';
import { formatBytes } from '../lib/format-size';
import { AccountChips } from './account-chips';
import { USER_FALLBACK, useAdminUser } from './api/get-admin-users';
import { UserActions } from './user-actions';

/** /admin/users/:id: one account, what it holds and what an admin can do to it. */
export default function AdminUserPage() {
  const { id = '' } = useParams();
  const account = useAdminUser(id);
  const data = account.data;
  return (
    <>
      <Button component={RouterLink} to="/admin/users" startIcon={<ArrowBack />} color="inherit" sx={{ mb: 1 }}>
        All users
      </Button>
      <PageHeader
        title={data?.email ?? 'Account'}
        subtitle={data ? `Account ${data.user_id}, created ${formatDateTime(data.created_at)}` : undefined}
      />
      {account.isError && (
        <QueryError error={account.error} fallback={USER_FALLBACK} onRetry={() => void account.refetch()} />
      )}
      {account.isPending && <Skeleton variant="rounded" height={160} />}
      {data && (
        <Stack spacing={3}>
          <AccountChips account={data} />
          <StatGrid>
            <StatCard label="Plan" value={<span style={{ textTransform: 'capitalize' }}>{data.plan}</span>} />
            <StatCard label="Credits" value={formatCount(data.credits)} />
            <StatCard label="Storage used" value={formatBytes(data.storage_used)} />
            <StatCard label="Files" value={formatCount(data.files)} />
          </StatGrid>
          {data.period_end && (
            <Typography color="text.secondary">Bought plan period ends {formatDateTime(data.period_end)}.</Typography>
          )}
          <UserActions account={data} />
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Recent activity
              </Typography>
              {data.recent_activity.length === 0 ? (
                <Typography color="text.secondary">No activity yet.</Typography>
              ) : (
                <Table size="small" aria-label="Recent activity of this account">
                  <TableHead>
                    <TableRow>
                      <TableCell>Action</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Details</TableCell>
                      <TableCell>Time</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.recent_activity.map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {ACTION_LABELS[entry.action] ?? entry.action}
                        </TableCell>
                        <TableCell>
                          <AuditStatusChip status={entry.status} />
                        </TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{entry.details}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.timestamp)}</TableCell>
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
