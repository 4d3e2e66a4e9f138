import Download from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { useDownloadFile } from '../lib/api/download-file';
import { errorText } from '../lib/api-error';
import { saveFile } from '../lib/save-file';
import type { ConversionOutcome } from './conversion-outcome';

/** The download of a conversion the server made: the stored file, or the bytes it answered for pasted text. */
export function ResultDownload({ outcome, format }: { outcome: ConversionOutcome; format: string }) {
  const download = useDownloadFile();
  const label = `Download ${format.toUpperCase()}`;
  if (outcome.kind === 'live') return null;
  if (outcome.kind === 'text')
    return (
      <Button
        variant="contained"
        startIcon={<Download />}
        onClick={() => saveFile(outcome.blob, outcome.fileName)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {label}
      </Button>
    );
  const { response } = outcome;
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Download />}
        disabled={download.isPending}
        onClick={() => download.mutate({ fileId: response.file_id, name: response.filename })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {download.isPending ? 'Downloading...' : label}
      </Button>
      {download.isError && <Alert severity="error">{errorText(download.error, CONVERSION_TEXTS.downloadFailed)}</Alert>}
    </>
  );
}
