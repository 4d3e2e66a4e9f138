import History from '@mui/icons-material/History';
import Info from '@mui/icons-material/InfoOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { BATCH_TEXTS, type BatchFile, isFinalBatchStatus } from '@unnest/contracts';
import { useEffect, useState } from 'react';
import { ConversionOptions, choicesFromSettings } from '../components/conversion-options';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { useSettings } from '../lib/api/get-settings';
import { errorText } from '../lib/api-error';
import { formatBytes } from '../lib/format-size';
import { useHashFocus } from '../lib/use-hash-focus';
import { useCancelBatch } from './api/cancel-batch';
import { useDownloadBatchFile, useDownloadBatchZip } from './api/download-batch';
import { useBatchHistory } from './api/get-batch-history';
import { BATCH_STATUS_FAILED } from './api/get-batch-status';
import { BatchFilePicker } from './batch-file-picker';
import { BatchHistoryDialog } from './batch-history-dialog';
import { BatchJobDetailsDialog } from './batch-job-details-dialog';
import { BatchJobPanel } from './batch-job-panel';
import { batchFields, isCsvName } from './batch-options';
import { BatchQualityDialog } from './batch-quality-dialog';
import {
  addToSelection,
  type BatchAllowance,
  limitText,
  perFileLimitBytes,
  type SelectionSource,
} from './batch-selection';
import { useBatchAnalysis } from './use-batch-analysis';
import { useBatchRun } from './use-batch-run';

const STEPS = ['Select Files', 'Upload & Process', 'Monitor Progress', 'Download Results'];

function limitsText(allowance: BatchAllowance): string {
  const count = allowance.batchSize === -1 ? 'Any number of files' : `Up to ${allowance.batchSize} files`;
  const size = perFileLimitBytes(allowance);
  return size === null ? count : `${count}, ${limitText(size)} each`;
}

/** The batch screen of a plan with batches (spec 2.11): select, upload, follow, download and analyse. */
export function BatchWorkspace({ allowance, formats }: { allowance: BatchAllowance; formats: readonly string[] }) {
  useHashFocus();
  const settings = useSettings();
  const [files, setFiles] = useState<File[]>([]);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const hasJson = files.some((file) => !isCsvName(file.name));
  const hasCsv = files.some((file) => isCsvName(file.name));
  const [choices, setChoices] = useState(() => choicesFromSettings(undefined, 'json-to-csv'));
  const [dialog, setDialog] = useState<'details' | 'history' | 'quality' | null>(null);
  const run = useBatchRun();
  const job = run.job.data ?? null;
  const history = useBatchHistory(1);
  const analysis = useBatchAnalysis(job, setActionError);
  const cancel = useCancelBatch();
  const downloadZip = useDownloadBatchZip();
  const downloadFile = useDownloadBatchFile();
  const uploading = run.start.isPending;

  // Options start from the saved settings once they arrive.
  const loadedSettings = settings.data;
  useEffect(() => {
    setChoices(choicesFromSettings(loadedSettings, 'json-to-csv'));
  }, [loadedSettings]);

  const step = job ? (isFinalBatchStatus(job.status) ? 3 : 2) : uploading ? 1 : files.length > 0 ? 1 : 0;
  const shownError =
    selectionError ?? actionError ?? (run.start.error ? errorText(run.start.error, BATCH_TEXTS.startFailed) : null);

  function add(offered: File[], source: SelectionSource) {
    setActionError(null);
    const outcome = addToSelection(files, offered, source, allowance);
    if (outcome.ok) {
      setFiles(outcome.files);
      setSelectionError(null);
    } else {
      setSelectionError(outcome.error);
    }
  }

  function begin() {
    setActionError(null);
    if (files.length === 0) {
      setSelectionError(BATCH_TEXTS.noFiles);
      return;
    }
    setSelectionError(null);
    run.start.mutate({ files, fields: batchFields(choices) }, { onSuccess: () => setFiles([]) });
  }

  function reset() {
    run.forget();
    setFiles([]);
    setSelectionError(null);
    setActionError(null);
    analysis.reset();
  }

  function fail(fallback: string) {
    return (error: unknown) => setActionError(errorText(error, fallback));
  }

  function downloadAll() {
    setActionError(null);
    if (!job || job.successful_files === 0) {
      setActionError(BATCH_TEXTS.noCompleted);
      return;
    }
    downloadZip.mutate(job, { onError: fail(BATCH_TEXTS.downloadFailed) });
  }

  function downloadOne(file: BatchFile) {
    setActionError(null);
    downloadFile.mutate(file, { onError: fail(BATCH_TEXTS.downloadFailed) });
  }

  function forgetIfShown(deleted: string | null) {
    if (deleted === null || deleted === run.jobId) reset();
  }

  return (
    <>
      <PageHeader
        title="Premium Batch Processing"
        subtitle="Convert many JSON and CSV files in one job, follow each file, and download the results together."
        actions={
          <>
            <Button startIcon={<Info />} onClick={() => setDialog('details')} disabled={!job}>
              Job Details
            </Button>
            <Button startIcon={<History />} onClick={() => setDialog('history')}>
              {`History (${history.data?.total ?? 0})`}
            </Button>
          </>
        }
      />
      <Stack spacing={3}>
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <Stepper activeStep={step} alternativeLabel aria-label="Batch steps">
              {STEPS.map((label, index) => (
                <Step key={label} completed={index < step || (index === 3 && step === 3)}>
                  <StepLabel>{label}</StepLabel>
                </Step>
              ))}
            </Stepper>
            <BatchFilePicker
              files={files}
              limitsText={limitsText(allowance)}
              disabled={uploading}
              onAdd={add}
              onRemove={(file) => setFiles(files.filter((kept) => kept !== file))}
            />
            {files.length > 0 && (
              <>
                <Divider />
                <Box>
                  <Typography variant="subtitle2" component="h2" sx={{ mb: 1.5 }}>
                    Options
                  </Typography>
                  {hasJson && (
                    <ConversionOptions
                      mode="json-to-csv"
                      value={choices}
                      onChange={setChoices}
                      allowedFormats={formats}
                      creditsLeft={0}
                      analysisForCredit={false}
                      disabled={uploading}
                    />
                  )}
                  {hasCsv && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: hasJson ? 1.5 : 0 }}>
                      CSV files become JSON, with their delimiter detected and their types kept exactly.
                    </Typography>
                  )}
                </Box>
              </>
            )}
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button variant="contained" size="large" startIcon={<PlayArrow />} onClick={begin} disabled={uploading}>
                {uploading ? 'Uploading...' : 'Upload & Process'}
              </Button>
              {uploading && (
                <Button color="inherit" onClick={run.cancelUpload}>
                  Cancel upload
                </Button>
              )}
              <Button color="inherit" startIcon={<RestartAlt />} onClick={reset}>
                Reset
              </Button>
            </Box>
            {run.upload && (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={run.upload.total > 0 ? (run.upload.loaded / run.upload.total) * 100 : 0}
                  aria-label="Upload progress"
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  Uploading {formatBytes(run.upload.loaded)} of {formatBytes(run.upload.total)}
                </Typography>
              </Box>
            )}
            {shownError && <Alert severity="error">{shownError}</Alert>}
          </CardContent>
        </Card>
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
            cancelling={cancel.isPending}
            downloadingAll={downloadZip.isPending}
            onAnalyseAll={analysis.analyseAll}
            onAnalyse={(file) => analysis.analyseOne(file, () => setDialog('quality'))}
            onDownloadAll={downloadAll}
            onDownload={downloadOne}
            onCancel={() => cancel.mutate(job.job_id, { onError: fail('Failed to cancel the batch job') })}
            onOpenQuality={() => setDialog('quality')}
          />
        )}
      </Stack>
      <BatchJobDetailsDialog job={job} open={dialog === 'details'} onClose={() => setDialog(null)} />
      <BatchHistoryDialog
        open={dialog === 'history'}
        onClose={() => setDialog(null)}
        onView={(id) => {
          setFiles([]);
          setActionError(null);
          void run
            .view(id)
            .catch(fail(BATCH_STATUS_FAILED))
            .finally(() => setDialog(null));
        }}
        onDeleted={forgetIfShown}
      />
      <BatchQualityDialog
        files={analysis.analysedFiles}
        fileId={analysis.shownFileId}
        onFileId={analysis.setShownFileId}
        open={dialog === 'quality'}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
