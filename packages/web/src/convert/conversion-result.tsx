import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { useState } from 'react';
import type { ConversionMode } from '../components/conversion-options';
import { LongTextField } from '../components/long-text-field';
import ResultPreview from '../components/result-preview';
import { useDownloadFile } from '../lib/api/download-file';
import { errorText } from '../lib/api-error';
import { formatBytes } from '../lib/format-size';
import { saveFile } from '../lib/save-file';
import type { ConversionOutcome } from './conversion-outcome';
import { CsvReadingFacts } from './csv-reading-facts';
import { FileFacts } from './file-facts';
import { FormulaGuardNotice } from './formula-guard-notice';
import { LeftOutNote } from './left-out-note';
import { LOCAL_PREVIEW_MAX_BYTES } from './local-preview';

// Long results are shown in part; the download has all of it.
const SHOWN_CHARACTERS = 100_000;

/**
 * The result of a conversion: message, what Spreadsheet-safe changed (with its switch), download, the text,
 * and a preview of the first rows.
 */
export function ConversionResultPanel({
  outcome,
  mode,
  excelSafe,
  onExcelSafe,
  recordsPath,
  onRecordsPath,
  busy,
}: {
  outcome: ConversionOutcome;
  mode: ConversionMode;
  /** The Spreadsheet-safe option as it stands now, and its change. */
  excelSafe: boolean;
  onExcelSafe: (on: boolean) => void;
  /** The records path asked for ('' found automatically), and a conversion again with another. */
  recordsPath: string;
  onRecordsPath: (path: string) => void;
  busy: boolean;
}) {
  const download = useDownloadFile();
  const [copied, setCopied] = useState(false);
  const format =
    outcome.kind === 'file' ? outcome.response.output_format : (outcome.fileName.split('.').pop() ?? 'csv');
  const label = `Download ${format.toUpperCase()}`;
  const message =
    outcome.kind === 'file'
      ? outcome.response.message
      : mode === 'json-to-csv'
        ? 'Your JSON was converted.'
        : 'Your CSV was converted to JSON.';

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="success">{message}</Alert>
        {outcome.kind === 'file' && <FileFacts response={outcome.response} />}
        {outcome.reading && <CsvReadingFacts reading={outcome.reading} />}
        {mode === 'json-to-csv' && format !== 'xlsx' && (
          <FormulaGuardNotice summary={outcome.formulaGuard} switchedOn={excelSafe} onSwitch={onExcelSafe} />
        )}
        {outcome.kind === 'file' && (
          <LeftOutNote response={outcome.response} asked={recordsPath} onRecordsPath={onRecordsPath} disabled={busy} />
        )}
        {format === 'zip' && (
          <Typography variant="body2">
            A ZIP of linked tables: the records in main, each own table under tables/ whose _parent_id is its parent
            row&apos;s _id, the plan in plan.json, and datapackage.json and schema.sql to load the tables into a
            database. Upload it to CSV to JSON to get the nested JSON back.
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {outcome.kind === 'file' ? (
            <Button
              variant="contained"
              startIcon={<Download />}
              disabled={download.isPending}
              onClick={() => download.mutate({ fileId: outcome.response.file_id, name: outcome.response.filename })}
            >
              {download.isPending ? 'Downloading...' : label}
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<Download />}
              onClick={() => saveFile(outcome.blob, outcome.fileName)}
            >
              {label}
            </Button>
          )}
          {outcome.kind === 'text' && outcome.text !== null && (
            <Button startIcon={<ContentCopy />} color="inherit" onClick={() => copy(outcome.text ?? '')}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </Box>
        {download.isError && (
          <Alert severity="error">{errorText(download.error, CONVERSION_TEXTS.downloadFailed)}</Alert>
        )}
        {outcome.kind === 'text' && outcome.text !== null && (
          <LongTextField
            label="Result"
            text={outcome.text}
            limit={SHOWN_CHARACTERS}
            minRows={4}
            maxRows={12}
            fontSize={13}
          />
        )}
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Preview
          </Typography>
          {outcome.preview === null ? (
            <Typography variant="body2" color="text.secondary">
              Previews are shown for inputs up to {formatBytes(LOCAL_PREVIEW_MAX_BYTES)}. Download the file to see every
              row.
            </Typography>
          ) : typeof outcome.preview === 'string' ? (
            <Alert severity="warning">Preview unavailable: {outcome.preview}</Alert>
          ) : (
            <ResultPreview text={outcome.preview.text} kind={outcome.preview.kind} />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
