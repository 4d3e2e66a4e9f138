import Download from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LongTextField } from '../components/long-text-field';
import { previewText, textSize } from './comparison-texts';

// The comparison dialog's building blocks.

// A tab's text area holds this much; the download has the whole text.
const TAB_CHARACTERS = 100_000;

/** An error with a Retry action. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** A spinner with what is being waited for. */
export function Loading({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 2 }}>
      <CircularProgress size={22} aria-label={text} />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

/** The first characters of one text, for the side-by-side view. */
export function Preview({ title, text }: { title: string; text: string | undefined }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title} {text !== undefined && <Chip size="small" label={textSize(text)} sx={{ ml: 0.5 }} />}
      </Typography>
      <Box
        component="pre"
        aria-label={`${title} preview`}
        sx={{
          m: 0,
          p: 1.5,
          height: 320,
          overflow: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'fontFamilyMonospace',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text === undefined ? 'Loading...' : previewText(text)}
      </Box>
    </Box>
  );
}

/** One whole text (up to the tab's limit) with its size and download. */
export function TextTab(props: { label: string; text: string; downloadLabel: string; onDownload: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={textSize(props.text)} />
        <Button size="small" startIcon={<Download />} onClick={props.onDownload}>
          {props.downloadLabel}
        </Button>
      </Box>
      <LongTextField label={props.label} text={props.text} limit={TAB_CHARACTERS} rows={15} fontSize={12} />
    </Box>
  );
}
