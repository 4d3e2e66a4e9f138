import CompareArrows from '@mui/icons-material/CompareArrows';
import Layers from '@mui/icons-material/LayersOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { UploadProgress } from '../lib/upload-request';
import { isUploading, UploadProgressView } from './upload-progress-view';

const COMPARE_BLOCKED_ID = 'compare-blocked-reason';

/**
 * The converter's buttons (Convert, the quality analysis, batch processing, Cancel during an upload), the
 * upload's progress and the error, with `errorAction` beside it (the offer to buy credits). The quality
 * analysis, when it cannot open, stays focusable and says why (beside it, and as its description).
 */
export function ConverterActions(props: {
  convertLabel: string;
  /** The comparison costs a conversion credit on this plan. */
  comparisonForCredit: boolean;
  /** Why the quality analysis cannot open now, or null. */
  compareBlocked: string | null;
  busy: boolean;
  progress: UploadProgress | null;
  error: string | null;
  errorAction: ReactNode;
  onConvert: () => void;
  onCompare: () => void;
  onCancel: () => void;
}) {
  const { busy, progress, error, compareBlocked } = props;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" size="large" onClick={props.onConvert} disabled={busy}>
          {busy ? 'Converting...' : props.convertLabel}
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<CompareArrows />}
          onClick={compareBlocked === null ? props.onCompare : undefined}
          disabled={busy}
          // Disabled with its reason, yet reachable by keyboard, so the reason is heard with it.
          aria-disabled={compareBlocked !== null}
          aria-describedby={compareBlocked === null ? undefined : COMPARE_BLOCKED_ID}
          className={compareBlocked === null ? undefined : 'Mui-disabled'}
        >
          {`Conversion Quality Analysis${props.comparisonForCredit ? ' (1 credit)' : ''}`}
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<Layers />}
          href="/batch"
          target="_blank"
          rel="noopener"
          disabled={busy}
        >
          Batch Processing
        </Button>
        {busy && isUploading(progress) && (
          <Button color="inherit" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
      </Box>

      {compareBlocked !== null && (
        <Typography id={COMPARE_BLOCKED_ID} variant="body2" color="text.secondary">
          {compareBlocked}
        </Typography>
      )}
      {busy && progress !== null && <UploadProgressView progress={progress} />}
      {error && (
        <Alert severity="error" action={props.errorAction}>
          {error}
        </Alert>
      )}
    </>
  );
}
