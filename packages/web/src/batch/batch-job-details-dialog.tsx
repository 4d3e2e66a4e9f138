import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BatchJob } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format-date';
import { BatchStatusChip } from './batch-status';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: 160 }}>
        {label}
      </TableCell>
      <TableCell>{children}</TableCell>
    </TableRow>
  );
}

/**
 * Batch Job Details (spec 2.11): id, status, created date, counts, and the errors as JSON; once the job
 * has ended, until when its files are kept (the plan's retention).
 */
export function BatchJobDetailsDialog(props: { job: BatchJob | null; open: boolean; onClose: () => void }) {
  const { job } = props;
  return (
    <Dialog
      open={props.open && job !== null}
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="job-details-title"
    >
      <DialogTitle id="job-details-title">Batch Job Details</DialogTitle>
      {job && (
        <DialogContent>
          <Table size="small" aria-label="Job details">
            <TableBody>
              <Row label="Job ID">
                <Box component="span" sx={{ fontFamily: 'fontFamilyMonospace', wordBreak: 'break-all' }}>
                  {job.job_id}
                </Box>
              </Row>
              <Row label="Status">
                <BatchStatusChip status={job.status} />
              </Row>
              <Row label="Created">{formatDateTime(job.created_at)}</Row>
              <Row label="Total files">{job.total_files}</Row>
              <Row label="Successful">{job.successful_files}</Row>
              <Row label="Failed">{job.failed_files}</Row>
              {job.completed_at !== null && (
                <Row label="Kept until">
                  {job.expires_at === null ? 'You delete it' : formatDateTime(job.expires_at)}
                </Row>
              )}
            </TableBody>
          </Table>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            Errors
          </Typography>
          <Box
            component="pre"
            // Focusable so a keyboard can scroll a long list (WCAG 2.1.1).
            tabIndex={0}
            role="region"
            aria-label="Errors as JSON"
            sx={{
              m: 0,
              p: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              overflow: 'auto',
              maxHeight: 240,
              fontFamily: 'fontFamilyMonospace',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            {JSON.stringify(job.errors, null, 2)}
          </Box>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
