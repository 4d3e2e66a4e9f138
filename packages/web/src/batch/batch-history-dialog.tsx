import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { BATCH_TEXTS, type BatchJobSummary } from '@unnest/contracts';
import { useState } from 'react';
import { CenteredSpinner } from '../components/centered-spinner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { QueryError } from '../components/query-error';
import { errorText } from '../lib/api-error';
import { useClearBatchHistory, useDeleteBatchJob } from './api/delete-batch-job';
import { HISTORY_PAGE_SIZE, useBatchHistory } from './api/get-batch-history';
import { BatchHistoryTable } from './batch-history-table';

type Pending = { kind: 'one'; job: BatchJobSummary } | { kind: 'all' };

/**
 * Batch Processing History (spec 2.11), from the server: the user's jobs newest first, with View
 * Results for completed ones, Delete, and Clear All History.
 */
export function BatchHistoryDialog(props: {
  open: boolean;
  onClose: () => void;
  onView: (jobId: string) => void;
  /** Called after jobs are deleted (`null`: all of them), so the page can drop what it shows. */
  onDeleted: (jobId: string | null) => void;
}) {
  const [page, setPage] = useState(1);
  const history = useBatchHistory(page);
  const deleteJob = useDeleteBatchJob();
  const clearAll = useClearBatchHistory();
  const [pending, setPending] = useState<Pending | null>(null);
  const failure = deleteJob.error ?? clearAll.error;
  const total = history.data?.total ?? 0;

  function confirm() {
    if (!pending) return;
    const done = () => {
      setPending(null);
      if (page > 1 && history.data?.jobs.length === 1) setPage(page - 1);
    };
    if (pending.kind === 'all') {
      clearAll.mutate(undefined, { onSuccess: () => props.onDeleted(null), onSettled: done });
    } else {
      const { job_id: jobId } = pending.job;
      deleteJob.mutate(jobId, { onSuccess: () => props.onDeleted(jobId), onSettled: done });
    }
  }

  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby="batch-history-title">
      <DialogTitle id="batch-history-title">Batch Processing History</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(failure, BATCH_TEXTS.deleteFailed)}
          </Alert>
        )}
        {history.isPending && <CenteredSpinner label="Loading..." />}
        {history.isError && (
          <QueryError
            error={history.error}
            fallback="Failed to load batch history"
            onRetry={() => void history.refetch()}
          />
        )}
        {history.data && history.data.jobs.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {BATCH_TEXTS.historyEmpty}
          </Typography>
        )}
        {history.data && history.data.jobs.length > 0 && (
          <BatchHistoryTable
            jobs={history.data.jobs}
            page={page}
            pageSize={HISTORY_PAGE_SIZE}
            total={total}
            onPage={setPage}
            onView={props.onView}
            onDelete={(job) => setPending({ kind: 'one', job })}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="error" onClick={() => setPending({ kind: 'all' })} disabled={total === 0}>
          Clear All History
        </Button>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'all' ? 'Clear All History' : 'Delete batch job'}
        text={
          pending?.kind === 'all'
            ? 'Delete every batch job and its converted files? This action cannot be undone.'
            : 'Delete this batch job and its converted files? This action cannot be undone.'
        }
        confirmLabel={pending?.kind === 'all' ? 'Clear All History' : 'Delete'}
        busy={deleteJob.isPending || clearAll.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Dialog>
  );
}
