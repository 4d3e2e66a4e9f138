import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { BatchJobSummary } from '@unnest/contracts';
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

/** One page of the batch history: each job with View Results (completed ones) and Delete, and the pages. */
export function BatchHistoryTable(props: {
  jobs: readonly BatchJobSummary[];
  page: number;
  pages: number;
  onPage: (page: number) => void;
  onView: (jobId: string) => void;
  onDelete: (job: BatchJobSummary) => void;
}) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Batch jobs">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Files</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Successful</TableCell>
              <TableCell>Failed</TableCell>
              <TableCell>Progress</TableCell>
              <TableCell>Time</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.jobs.map((job) => (
              <JobRow
                key={job.job_id}
                job={job}
                onView={() => props.onView(job.job_id)}
                onDelete={() => props.onDelete(job)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {props.pages > 1 && (
        <Pagination
          count={props.pages}
          page={props.page}
          onChange={(_, next) => props.onPage(next)}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </>
  );
}
