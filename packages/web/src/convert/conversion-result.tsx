import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { describeLoneSurrogates, describeRepeatedKeys } from '@unnest/engine';
import { useEffect, useRef } from 'react';
import type { ConversionMode } from '../components/conversion-options';
import type { ConversionOutcome } from './conversion-outcome';
import { CsvReadingFacts } from './csv-reading-facts';
import { FileFacts } from './file-facts';
import { FormulaGuardNotice } from './formula-guard-notice';
import { LeftOutNote } from './left-out-note';
import { ResultBody } from './result-body';
import { ResultDownload } from './result-download';

/** The file format a result is in: the stored file's, the downloaded bytes' or, live, the text's. */
function formatOf(outcome: ConversionOutcome, mode: ConversionMode): string {
  if (outcome.kind === 'file') return outcome.response.output_format;
  if (outcome.kind === 'text') return outcome.fileName.split('.').pop() ?? 'csv';
  return mode === 'json-to-csv' ? 'csv' : 'json';
}

function messageOf(outcome: ConversionOutcome, mode: ConversionMode): string {
  if (outcome.kind === 'file') return outcome.response.message;
  return mode === 'json-to-csv' ? 'Your JSON was converted.' : 'Your CSV was converted to JSON.';
}

/**
 * The result of a conversion: message, what Spreadsheet-safe changed (with its switch), download, the text,
 * and a preview of the first rows. A conversion asked for (not one made as the text is typed) brings the
 * result into view and moves the focus to its heading.
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome.kind === 'live') return;
    // In the next frame, so the layout this asks for is not one more step of the render's task.
    const frame = requestAnimationFrame(() => {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView?.({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [outcome]);
  const format = formatOf(outcome, mode);

  return (
    <Card component="section" aria-labelledby="conversion-result-heading">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography
          variant="h6"
          component="h2"
          id="conversion-result-heading"
          ref={heading}
          tabIndex={-1}
          // Below the fixed top bar when scrolled to.
          sx={{ scrollMarginTop: 80 }}
        >
          Conversion result
        </Typography>
        {outcome.kind === 'live' ? (
          <Typography variant="body2" color="text.secondary">
            Converted in your browser as you type. Convert to download it and keep it in your history.
          </Typography>
        ) : (
          <Alert severity="success">{messageOf(outcome, mode)}</Alert>
        )}
        {outcome.kind === 'file' && <FileFacts response={outcome.response} />}
        {outcome.kind !== 'live' && outcome.reading && <CsvReadingFacts reading={outcome.reading} />}
        {mode === 'json-to-csv' && format !== 'xlsx' && (
          <FormulaGuardNotice summary={outcome.formulaGuard} switchedOn={excelSafe} onSwitch={onExcelSafe} />
        )}
        {outcome.duplicateKeys && <Alert severity="warning">{describeRepeatedKeys(outcome.duplicateKeys)}</Alert>}
        {outcome.loneSurrogates && <Alert severity="warning">{describeLoneSurrogates(outcome.loneSurrogates)}</Alert>}
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
        <ResultDownload outcome={outcome} format={format} />
        <ResultBody text={outcome.kind === 'file' ? null : outcome.text} preview={outcome.preview} />
      </CardContent>
    </Card>
  );
}
