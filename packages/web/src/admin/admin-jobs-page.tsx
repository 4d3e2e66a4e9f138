import TaskAlt from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { TablePager } from '../components/table-pager';
import { errorText } from '../lib/api-error';
import { formatDateTime } from '../lib/format-date';
import { JOBS_FALLBACK, useFailedJobs, useRetryJob } from './api/failed-jobs';

/** /admin/jobs: background jobs that failed for good, each with a Retry. */
export default function AdminJobsPage() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const jobs = useFailedJobs(page + 1, pageSize);
  const retry = useRetryJob();
  const rows = jobs.data?.jobs ?? [];
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
        {jobs.isPending ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={40} />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<TaskAlt />}
            title="No failed jobs"
            hint="Every background job has run or is still being retried."
          />
        ) : (
          <>
            <TableContainer>
              <Table aria-label="Failed jobs" sx={{ minWidth: 760 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Queue</TableCell>
                    <TableCell>Error</TableCell>
                    <TableCell>Tries</TableCell>
                    <TableCell>Failed</TableCell>
                    <TableCell>Action</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((job) => (
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
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePager
              count={jobs.data?.total ?? 0}
              page={page}
              pageSize={pageSize}
              setPage={setPage}
              setPageSize={setPageSize}
            />
          </>
        )}
      </Card>
    </>
  );
}
