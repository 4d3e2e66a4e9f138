import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type BatchStatus, qualityScoreBand } from '@unnest/contracts';

const STATUS_LABELS: Record<BatchStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

// The spec's colours (section 4): completed success, failed error, processing primary.
const STATUS_COLORS: Record<BatchStatus, 'success' | 'error' | 'primary' | 'default'> = {
  pending: 'default',
  processing: 'primary',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A job's or file's status as a coloured chip. */
export function BatchStatusChip({ status }: { status: BatchStatus }) {
  return <Chip size="small" variant="outlined" label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} />;
}

/**
 * A quality score as a chip in the spec's colours (section 9: 90 and above success, 70 and above
 * warning, else error); a note until the file is analysed.
 */
export function QualityChip({ score }: { score: number | null }) {
  if (score === null) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        Not analysed
      </Typography>
    );
  }
  return <Chip size="small" label={`${score.toFixed(1)}%`} color={qualityScoreBand(score)} />;
}
