import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { BatchJobSummary } from '@unnest/contracts';
import { PagedTable } from '../components/paged-table';
import { formatDateTime } from '../lib/format-date';
import { BatchStatusChip } from './batch-status';

function JobRow(props: { job: BatchJobSummary; onView: () => void; onDelete: () => void }) {
  const { job } = props;
  const completed = job.status === 'completed';
  return (
    <TableRow>
      <TableCell>{formatDateTime(job.created_at)}</TableCell>
      <TableCell>{job.total_files}</TableCell>
      <TableCell>
        <BatchStatusChip status={job.status} />
      </TableCell>
      <TableCell>{job.successful_files}</TableCell>
      <TableCell>{job.failed_files}</TableCell>
      <TableCell>{completed ? `${Math.round(job.progress_percentage)}%` : ''}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {completed && job.total_processing_time !== null ? `${job.total_processing_time.toFixed(2)} s` : ''}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {completed && (
          <Button size="small" onClick={props.onView}>
            View Results
          </Button>
        )}
        <Button size="small" color="error" onClick={props.onDelete}>
          Delete
        </Button>
      </TableCell>
    </TableRow>
  );
}

const COLUMNS = ['Date', 'Files', 'Status', 'Successful', 'Failed', 'Progress', 'Time', 'Actions'] as const;

/** One page of the batch history: each job with View Results (completed ones) and Delete, and the pages. */
export function BatchHistoryTable(props: {
  jobs: readonly BatchJobSummary[];
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onView: (jobId: string) => void;
  onDelete: (job: BatchJobSummary) => void;
}) {
  return (
    <PagedTable
      label="Batch jobs"
      columns={COLUMNS}
      minWidth={720}
      rows={props.jobs}
      renderRow={(job) => (
        <JobRow
          key={job.job_id}
          job={job}
          onView={() => props.onView(job.job_id)}
          onDelete={() => props.onDelete(job)}
        />
      )}
      loading={false}
      skeletonLines={1}
      paging={{
        page: props.page - 1,
        pageSize: props.pageSize,
        count: props.total,
        setPage: (page) => props.onPage(page + 1),
      }}
    />
  );
}
