import History from '@mui/icons-material/History';
import Info from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ConversionOptions } from '../components/conversion-options';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { useHashFocus } from '../lib/use-hash-focus';
import { useBatchHistory } from './api/get-batch-history';
import { BATCH_STATUS_FAILED } from './api/get-batch-status';
import { BatchHistoryDialog } from './batch-history-dialog';
import { BatchJobDetailsDialog } from './batch-job-details-dialog';
import { BatchJobPanel } from './batch-job-panel';
import { isCsvName } from './batch-options';
import { BatchQualityDialog } from './batch-quality-dialog';
import { type BatchAllowance, limitsText } from './batch-selection';
import { BatchSelectionCard } from './batch-selection-card';
import { useBatchWorkspace } from './use-batch-workspace';

/** The batch screen of a plan with batches (spec 2.11): select, upload, follow, download and analyse. */
export function BatchWorkspace({ allowance, formats }: { allowance: BatchAllowance; formats: readonly string[] }) {
  useHashFocus();
  const page = useBatchWorkspace(allowance);
  const { state, dispatch, run, job, analysis, uploading } = page;
  const history = useBatchHistory(1);
  const hasJson = state.files.some((file) => !isCsvName(file.name));
  const close = () => dispatch({ type: 'dialog-closed' });
  const openQuality = () => dispatch({ type: 'dialog-opened', dialog: 'quality' });

  return (
    <>
      <PageHeader
        title="Premium Batch Processing"
        subtitle="Convert many JSON and CSV files in one job, follow each file, and download the results together."
        actions={
          <>
            <Button
              startIcon={<Info />}
              onClick={() => dispatch({ type: 'dialog-opened', dialog: 'details' })}
              disabled={!job}
            >
              Job Details
            </Button>
            <Button startIcon={<History />} onClick={() => dispatch({ type: 'dialog-opened', dialog: 'history' })}>
              {`History (${history.data?.total ?? 0})`}
            </Button>
          </>
        }
      />
      <Stack spacing={3}>
        <BatchSelectionCard
          step={page.step}
          files={state.files}
          limitsText={limitsText(allowance)}
          jsonOptions={
            hasJson ? (
              <ConversionOptions
                mode="json-to-csv"
                value={state.choices}
                onChange={(choices) => dispatch({ type: 'choices-changed', choices })}
                allowedFormats={formats}
                creditsLeft={0}
                analysisForCredit={false}
                disabled={uploading}
              />
            ) : null
          }
          uploading={uploading}
          upload={run.upload}
          error={page.error}
          onAdd={page.add}
          onRemove={(file) => dispatch({ type: 'file-removed', file })}
          onBegin={page.begin}
          onCancelUpload={run.cancelUpload}
          onReset={page.reset}
        />
        {run.job.isError && (
          <QueryError error={run.job.error} fallback={BATCH_STATUS_FAILED} onRetry={() => void run.job.refetch()} />
        )}
        {analysis.problems.length > 0 && (
          <Alert severity="warning" onClose={analysis.clearProblems}>
            {analysis.problems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        )}
        {job && (
          <BatchJobPanel
            job={job}
            analysing={analysis.analysing}
            analysingAll={analysis.analysingAll}
            cancelling={page.cancelling}
            downloadingAll={page.downloadingAll}
            onAnalyseAll={analysis.analyseAll}
            onAnalyse={(file) => analysis.analyseOne(file, openQuality)}
            onDownloadAll={page.downloadAll}
            onDownload={page.downloadOne}
            onCancel={page.cancelJob}
            onOpenQuality={openQuality}
          />
        )}
      </Stack>
      <BatchJobDetailsDialog job={job} open={state.dialog === 'details'} onClose={close} />
      <BatchHistoryDialog
        open={state.dialog === 'history'}
        onClose={close}
        onView={page.view}
        onDeleted={page.forgetIfShown}
      />
      <BatchQualityDialog
        files={analysis.analysedFiles}
        fileId={analysis.shownFileId}
        onFileId={analysis.setShownFileId}
        open={state.dialog === 'quality'}
        onClose={close}
      />
    </>
  );
}
