import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatBytes } from '../lib/format-size';
import type { UploadProgress } from '../lib/upload-request';

/** Whether bytes are still being sent (after that the server is converting). */
export function isUploading(progress: UploadProgress | null): boolean {
  return progress !== null && progress.total > 0 && progress.loaded < progress.total;
}

/** The upload bar and its text, then 'Converting on the server...' once every byte is sent. */
export function UploadProgressView({ progress }: { progress: UploadProgress }) {
  const uploading = isUploading(progress);
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <Box aria-live="polite">
      <LinearProgress
        variant={uploading ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label="Upload progress"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
        {uploading
          ? `Uploading ${percent}% (${formatBytes(progress.loaded)} of ${formatBytes(progress.total)})`
          : 'Uploaded. Converting on the server...'}
      </Typography>
    </Box>
  );
}
