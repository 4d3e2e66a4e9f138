import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { QueryError } from '../components/query-error';
import { formatDateTime } from '../lib/format-date';
import { useWebhookDeliveries } from './api/get-webhook-deliveries';

/** One endpoint's latest tries: when, which event, which try, the answer, how long, and what went wrong. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isPending) return <Skeleton variant="rounded" height={80} />;
  if (deliveries.isError) {
    return (
      <QueryError
        error={deliveries.error}
        fallback="Failed to load the deliveries"
        onRetry={() => deliveries.refetch()}
      />
    );
  }
  const { attempts } = deliveries.data;
  if (attempts.length === 0) {
    return <Alert severity="info">No deliveries yet. Send a test to see one here.</Alert>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Webhook deliveries">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Event</TableCell>
            <TableCell align="right">Try</TableCell>
            <TableCell>Result</TableCell>
            <TableCell align="right">Duration</TableCell>
            <TableCell>Error</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attempts.map((attempt) => (
            <TableRow key={`${attempt.message_id}-${attempt.attempt}`}>
              <TableCell>{formatDateTime(attempt.attempted_at)}</TableCell>
              <TableCell>{attempt.event_type}</TableCell>
              <TableCell align="right">{attempt.attempt}</TableCell>
              <TableCell>
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ color: attempt.succeeded ? 'success.main' : 'error.main', fontWeight: 500 }}
                >
                  {attempt.succeeded ? 'Delivered' : 'Failed'}
                  {attempt.status_code !== null && ` (${attempt.status_code})`}
                </Typography>
              </TableCell>
              <TableCell align="right">{attempt.duration_ms} ms</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{attempt.error ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
