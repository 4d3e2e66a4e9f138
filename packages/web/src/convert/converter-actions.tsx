import CompareArrows from '@mui/icons-material/CompareArrows';
import Layers from '@mui/icons-material/LayersOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { UploadProgress } from '../lib/upload-request';
import { isUploading, UploadProgressView } from './upload-progress-view';

/**
 * The converter's buttons (Convert, the quality analysis, batch processing, Cancel during an upload), the
 * upload's progress and the error, with `errorAction` beside it (the offer to buy credits).
 */
export function ConverterActions(props: {
  convertLabel: string;
  /** The comparison costs a conversion credit on this plan. */
  comparisonForCredit: boolean;
  busy: boolean;
  progress: UploadProgress | null;
  error: string | null;
  errorAction: ReactNode;
  onConvert: () => void;
  onCompare: () => void;
  onCancel: () => void;
}) {
  const { busy, progress, error } = props;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" size="large" onClick={props.onConvert} disabled={busy}>
          {busy ? 'Converting...' : props.convertLabel}
        </Button>
        <Button variant="outlined" size="large" startIcon={<CompareArrows />} onClick={props.onCompare} disabled={busy}>
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

      {busy && progress !== null && <UploadProgressView progress={progress} />}
      {error && (
        <Alert severity="error" action={props.errorAction}>
          {error}
        </Alert>
      )}
    </>
  );
}
