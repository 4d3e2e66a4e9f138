import Download from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CONVERSION_TEXTS, type ConversionResult } from '@unnest/contracts';
import { useDownloadFile } from '../lib/api/download-file';
import { errorText } from '../lib/api-error';

/**
 * Applies the smart column names to the download: the stored CSV or TSV comes with them as its header row
 * (the server writes it; every data row is the stored bytes). Nothing for other formats, which keep the paths.
 */
export function SmartHeaderDownload({ result }: { result: ConversionResult }) {
  const download = useDownloadFile();
  const format = result.output_format;
  if (format !== 'csv' && format !== 'tsv') return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
      <Box>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={download.isPending}
          onClick={() => download.mutate({ fileId: result.file_id, name: result.filename, header: 'smart' })}
        >
          {download.isPending ? 'Downloading...' : `Download ${format.toUpperCase()} with these names`}
        </Button>
      </Box>
      {download.isError && <Alert severity="error">{errorText(download.error, CONVERSION_TEXTS.downloadFailed)}</Alert>}
    </Box>
  );
}
