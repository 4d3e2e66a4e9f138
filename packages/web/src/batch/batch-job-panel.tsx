import Analytics from '@mui/icons-material/AnalyticsOutlined';
import CloudDownload from '@mui/icons-material/CloudDownloadOutlined';
import Insights from '@mui/icons-material/Insights';
import StopCircle from '@mui/icons-material/StopCircleOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Fab from '@mui/material/Fab';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type BatchFile, type BatchJob, isFinalBatchStatus } from '@unnest/contracts';
import { BatchProgressTable } from './batch-progress-table';
import { BatchStatusChip } from './batch-status';

/** What the screen reader hears when the counts change: the live region's one sentence. */
export function jobSummary(job: BatchJob): string {
  const parts = [`${job.processed_files} of ${job.total_files} files processed`];
  parts.push(`${job.successful_files} completed`, `${job.failed_files} failed`);
  if (job.cancelled_files > 0) parts.push(`${job.cancelled_files} cancelled`);
  return `${parts[0]}: ${parts.slice(1).join(', ')}.`;
}

/** The displayed job: its status and counts (a live region), its actions and the progress table. */
export function BatchJobPanel(props: {
  job: BatchJob;
  analysing: ReadonlySet<string>;
  analysingAll: boolean;
  cancelling: boolean;
  downloadingAll: boolean;
  onAnalyseAll: () => void;
  onAnalyse: (file: BatchFile) => void;
  onDownloadAll: () => void;
  onDownload: (file: BatchFile) => void;
  onCancel: () => void;
  onOpenQuality: () => void;
}) {
  const { job } = props;
  const running = !isFinalBatchStatus(job.status);
  const progress = Math.round(job.progress_percentage);
  return (
    // Room below the card for the floating button, so it never covers the last row's actions.
    <Card component="section" aria-labelledby="batch-job-title" sx={{ mb: job.status === 'completed' ? 10 : 0 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id="batch-job-title">
            Batch job
          </Typography>
          <BatchStatusChip status={job.status} />
          <Typography role="status" aria-live="polite" color="text.secondary">
            {jobSummary(job)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label="Batch progress"
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
          />
          <Typography sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 44, textAlign: 'right' }}>
            {progress}%
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<Analytics />}
            onClick={props.onAnalyseAll}
            disabled={props.analysingAll || job.successful_files === 0}
          >
            {props.analysingAll ? 'Analyzing...' : 'Analyze All Quality'}
          </Button>
          <Button
            variant="contained"
            startIcon={<CloudDownload />}
            onClick={props.onDownloadAll}
            disabled={props.downloadingAll}
          >
            Download All Results
          </Button>
          {running && (
            <Button color="error" startIcon={<StopCircle />} onClick={props.onCancel} disabled={props.cancelling}>
              Cancel Job
            </Button>
          )}
        </Box>
        <BatchProgressTable
          files={job.files}
          analysing={props.analysing}
          onDownload={props.onDownload}
          onAnalyse={props.onAnalyse}
        />
      </CardContent>
      {job.status === 'completed' && (
        <Fab
          color="primary"
          onClick={props.onOpenQuality}
          aria-label={`Quality analysis: ${job.analyzed_files} analysed files`}
          sx={{ position: 'fixed', right: 24, bottom: 24 }}
        >
          <Badge badgeContent={job.analyzed_files} color="secondary" showZero max={999}>
            <Insights />
          </Badge>
        </Fab>
      )}
    </Card>
  );
}
