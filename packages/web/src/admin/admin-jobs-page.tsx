import TaskAlt from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { PagedTable, usePaging } from '../components/paged-table';
import { QueryError } from '../components/query-error';
import { errorText } from '../lib/api-error';
import { formatDateTime } from '../lib/format-date';
import { JOBS_FALLBACK, useFailedJobs, useRetryJob } from './api/failed-jobs';

/** /admin/jobs: background jobs that failed for good, each with a Retry. */
export default function AdminJobsPage() {
  const paging = usePaging();
  const jobs = useFailedJobs(paging.page + 1, paging.pageSize);
  const retry = useRetryJob();
  return (
    <>
      <PageHeader
        title="Failed jobs"
        subtitle="Background jobs (mail, clean-ups, renewals) whose retries ran out. Retry puts one back in its queue."
      />
      {jobs.isError && <QueryError error={jobs.error} fallback={JOBS_FALLBACK} onRetry={() => void jobs.refetch()} />}
      {retry.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(retry.error, 'Failed to retry the job')}
        </Alert>
      )}
      {retry.isSuccess && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          The job is back in its queue.
        </Alert>
      )}
      <Card>
        <PagedTable
          label="Failed jobs"
          columns={['Queue', 'Error', 'Tries', 'Failed', 'Action']}
          minWidth={760}
          rows={jobs.data?.jobs ?? []}
          renderRow={(job) => (
            <TableRow key={job.id}>
              <TableCell>{job.queue}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word', maxWidth: 420 }}>{job.error}</TableCell>
              <TableCell>{job.retries + 1}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {job.failed_at ? formatDateTime(job.failed_at) : formatDateTime(job.created_at)}
              </TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(job)}
                  aria-label={`Retry job ${job.id} of ${job.queue}`}
                >
                  Retry
                </Button>
              </TableCell>
            </TableRow>
          )}
          loading={jobs.isPending}
          skeletonLines={1}
          empty={
            <EmptyState
              icon={<TaskAlt />}
              title="No failed jobs"
              hint="Every background job has run or is still being retried."
            />
          }
          paging={{ ...paging, count: jobs.data?.total ?? 0 }}
        />
      </Card>
    </>
  );
}
