import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LongTextField } from '../components/long-text-field';
import { PreviewTableView } from '../components/preview-table-view';
import { formatBytes } from '../lib/format-size';
import { useLoadedTable } from '../lib/use-loaded-table';
import { LOCAL_PREVIEW_MAX_BYTES, type PreviewJob } from './local-preview';
import { resultTable } from './local-work';

// Long results are shown in part; the download has all of it.
const SHOWN_CHARACTERS = 100_000;

/**
 * What a result holds: its text (CSV or JSON, with Copy) beside the table of its first rows, stacked on a
 * narrow screen; a result without text (a stored file, an XLSX) shows the table alone.
 */
export function ResultBody({ text, preview }: { text: string | null; preview: PreviewJob | null }) {
  const table = useLoadedTable(preview, resultTable);
  const [copied, setCopied] = useState(false);

  async function copy(shown: string) {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: text === null ? '1fr' : '1fr 1fr' } }}>
      {text !== null && (
        <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" component="h3">
              Text
            </Typography>
            <Button size="small" startIcon={<ContentCopy />} color="inherit" onClick={() => copy(text)}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </Box>
          <LongTextField label="Result" text={text} limit={SHOWN_CHARACTERS} minRows={8} maxRows={16} fontSize={13} />
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Preview
        </Typography>
        {preview === null ? (
          <Typography variant="body2" color="text.secondary">
            Previews are shown for inputs up to {formatBytes(LOCAL_PREVIEW_MAX_BYTES)}. Download the file to see every
            row.
          </Typography>
        ) : (
          <PreviewTableView state={table} label="Result preview" />
        )}
      </Box>
    </Box>
  );
}
