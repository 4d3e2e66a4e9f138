import PlayArrow from '@mui/icons-material/PlayArrow';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatBytes } from '../lib/format-size';
import type { UploadProgress } from '../lib/upload-request';
import { BatchFilePicker } from './batch-file-picker';
import { isCsvName } from './batch-options';
import type { SelectionSource } from './batch-selection';

const STEPS = ['Select Files', 'Upload & Process', 'Monitor Progress', 'Download Results'];

/**
 * Where a batch is put together and started: the steps, the files chosen, their options, Upload &
 * Process (with the upload's progress, and Cancel upload while it runs), Reset, and the page's error.
 */
export function BatchSelectionCard(props: {
  step: number;
  files: readonly File[];
  /** What the plan allows ("Up to 25 files, 1 GB each"). */
  limitsText: string;
  /** The JSON to CSV options, when a JSON file is chosen. */
  jsonOptions: ReactNode;
  uploading: boolean;
  upload: UploadProgress | null;
  error: string | null;
  onAdd: (files: File[], source: SelectionSource) => void;
  onRemove: (file: File) => void;
  onBegin: () => void;
  onCancelUpload: () => void;
  onReset: () => void;
}) {
  const { step, files, uploading, upload } = props;
  const hasCsv = files.some((file) => isCsvName(file.name));
  return (
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
          limitsText={props.limitsText}
          disabled={uploading}
          onAdd={props.onAdd}
          onRemove={props.onRemove}
        />
        {files.length > 0 && (
          <>
            <Divider />
            <Box>
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1.5 }}>
                Options
              </Typography>
              {props.jsonOptions}
              {hasCsv && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: props.jsonOptions ? 1.5 : 0 }}>
                  CSV files become JSON, with their delimiter detected and their types kept exactly.
                </Typography>
              )}
            </Box>
          </>
        )}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<PlayArrow />}
            onClick={props.onBegin}
            disabled={uploading}
          >
            {uploading ? 'Uploading...' : 'Upload & Process'}
          </Button>
          {uploading && (
            <Button color="inherit" onClick={props.onCancelUpload}>
              Cancel upload
            </Button>
          )}
          <Button color="inherit" startIcon={<RestartAlt />} onClick={props.onReset}>
            Reset
          </Button>
        </Box>
        {upload && (
          <Box>
            <LinearProgress
              variant="determinate"
              value={upload.total > 0 ? (upload.loaded / upload.total) * 100 : 0}
              aria-label="Upload progress"
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Uploading {formatBytes(upload.loaded)} of {formatBytes(upload.total)}
            </Typography>
          </Box>
        )}
        {props.error && <Alert severity="error">{props.error}</Alert>}
      </CardContent>
    </Card>
  );
}
