import ClearAll from '@mui/icons-material/ClearAll';
import CompareArrows from '@mui/icons-material/CompareArrows';
import ContentPaste from '@mui/icons-material/ContentPaste';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AiAnalysisBanner } from '../analysis/ai-analysis-banner';
import { AiAnalysisCard } from '../analysis/ai-analysis-card';
import { ComparisonDialog } from '../analysis/comparison-dialog';
import { type ComparisonSource, fileComparisonSource, textComparisonSource } from '../analysis/comparison-source';
import { MONO_FONT_FAMILY } from '../app/theme';
import { PageHeader } from '../components/page-header';
import { useSettings } from '../lib/api/get-settings';
import { useSubscription } from '../lib/api/get-subscription';
import { errorText } from '../lib/api-error';
import { formatBytes } from '../lib/format-size';
import type { UploadProgress } from '../lib/upload-request';
import { convertFile } from './api/convert-file';
import { convertText } from './api/convert-text';
import { csvToJson } from './api/csv-to-json';
import { ConversionOptions } from './conversion-options';
import { type ConversionOutcome, ConversionResultPanel } from './conversion-result';
import {
  type ConversionChoices,
  type ConversionMode,
  choicesFromSettings,
  delimiterChar,
  optionFields,
} from './conversion-settings';
import { FileDrop } from './file-drop';
import { LOCAL_PREVIEW_MAX_BYTES, localPreview, type PreviewSource } from './local-preview';

type InputKind = 'file' | 'text';

const EXTENSION: Record<ConversionMode, string> = { 'json-to-csv': '.json', 'csv-to-json': '.csv' };

/** Keys of every query a conversion changes (files, history, stats, quota). */
const AFFECTED_QUERIES = [['files'], ['audit'], ['profile', 'stats'], ['subscription']];

async function previewOf(
  input: string,
  mode: ConversionMode,
  choices: ConversionChoices,
): Promise<PreviewSource | string> {
  try {
    return await localPreview(input, mode, choices);
  } catch (error) {
    return error instanceof Error ? error.message : 'The result could not be read';
  }
}

/** The 'Data Conversion Tool' (spec section 2.4). */
export default function ConvertPage() {
  const queryClient = useQueryClient();
  const settings = useSettings();
  const subscription = useSubscription();
  const [mode, setMode] = useState<ConversionMode>('json-to-csv');
  const [inputKind, setInputKind] = useState<InputKind>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<ConversionChoices>(() => choicesFromSettings(undefined, 'json-to-csv'));
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ConversionOutcome | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [showAnalysis, setShowAnalysis] = useState(true);
  const [comparing, setComparing] = useState(false);
  const isPremium = subscription.data?.is_premium === true;
  // What the comparison dialog checks: the last JSON to CSV result, stored or in hand.
  const comparisonSource = useMemo<ComparisonSource | null>(() => {
    if (!outcome || mode !== 'json-to-csv') return null;
    if (outcome.kind === 'file') {
      const { output_format: format } = outcome.response;
      if (format !== 'csv' && format !== 'tsv') return null;
      return fileComparisonSource(outcome.response.file_id, outcome.response.original_filename);
    }
    return outcome.text === null ? null : textComparisonSource(text, outcome.text, 'pasted.json');
  }, [outcome, mode, text]);

  // Options start from the saved settings once they arrive, and again on every mode change.
  const loadedSettings = settings.data;
  useEffect(() => {
    if (loadedSettings) setChoices(choicesFromSettings(loadedSettings, mode));
  }, [loadedSettings, mode]);

  useEffect(() => () => abort.current?.abort(), []);

  function clearOutput() {
    setError(null);
    setOutcome(null);
  }

  function changeMode(next: ConversionMode) {
    setMode(next);
    setFile(null);
    setText('');
    setProgress(null);
    clearOutput();
  }

  function chooseFile(chosen: File | null) {
    clearOutput();
    if (chosen && !chosen.name.toLowerCase().endsWith(EXTENSION[mode])) {
      setFile(null);
      setError(`Please select a ${EXTENSION[mode]} file`);
      return;
    }
    setFile(chosen);
  }

  async function pasteFromClipboard() {
    try {
      const pasted = await navigator.clipboard.readText();
      clearOutput();
      setInputKind('text');
      setText(pasted);
    } catch {
      setError('Failed to read from clipboard');
    }
  }

  function clearAll() {
    setFile(null);
    setText('');
    setProgress(null);
    clearOutput();
  }

  async function convert() {
    clearOutput();
    if (inputKind === 'file' && !file) {
      setError(CONVERSION_TEXTS.noFile);
      return;
    }
    if (inputKind === 'text' && !text.trim()) {
      setError(mode === 'json-to-csv' ? CONVERSION_TEXTS.emptyJsonText : CONVERSION_TEXTS.emptyCsvText);
      return;
    }
    setBusy(true);
    const fields = optionFields(mode, choices);
    try {
      if (inputKind === 'file' && file) {
        abort.current = new AbortController();
        setProgress({ loaded: 0, total: file.size });
        const response = await convertFile(file, fields, setProgress, abort.current.signal);
        const preview = file.size <= LOCAL_PREVIEW_MAX_BYTES ? await previewOf(await file.text(), mode, choices) : null;
        setOutcome({ kind: 'file', response, preview });
      } else if (mode === 'json-to-csv') {
        const converted = await convertText(text, fields);
        const shown = choices.outputFormat === 'xlsx' ? null : await converted.blob.text();
        const preview: PreviewSource | string =
          shown === null ? await previewOf(text, mode, choices) : { text: shown, kind: 'csv' };
        setOutcome({ kind: 'text', ...converted, text: shown, preview });
      } else {
        const delimiter = choices.delimiter === 'auto' ? undefined : delimiterChar(choices.delimiter);
        const json = await csvToJson(text, delimiter);
        setOutcome({
          kind: 'text',
          blob: new Blob([json], { type: 'application/json' }),
          fileName: 'converted.json',
          text: json,
          preview: { text: json, kind: 'json' },
        });
      }
      for (const queryKey of AFFECTED_QUERIES) void queryClient.invalidateQueries({ queryKey });
    } catch (caught) {
      if (!(caught instanceof DOMException && caught.name === 'AbortError')) {
        const fallback =
          inputKind === 'file'
            ? CONVERSION_TEXTS.fileConversionFailed
            : mode === 'csv-to-json'
              ? CONVERSION_TEXTS.csvToJsonFailed
              : CONVERSION_TEXTS.failedToConvertFile;
        setError(errorText(caught, fallback));
      }
      // A failed conversion still counts in the history.
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    } finally {
      setBusy(false);
      setProgress(null);
      abort.current = null;
    }
  }

  const source = mode === 'json-to-csv' ? 'JSON' : 'CSV';
  const uploading = progress !== null && progress.total > 0 && progress.loaded < progress.total;
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;

  return (
    <>
      <PageHeader
        title="Data Conversion Tool"
        subtitle="Convert JSON to CSV or CSV to JSON, from a file or pasted text. Every value is kept as written."
      />
      <Stack spacing={3}>
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
              <ToggleButtonGroup
                color="primary"
                exclusive
                value={mode}
                onChange={(_, next: ConversionMode | null) => next && changeMode(next)}
                aria-label="Conversion"
                disabled={busy}
                size="small"
              >
                <ToggleButton value="json-to-csv" sx={{ px: 2 }}>
                  JSON to CSV
                </ToggleButton>
                <ToggleButton value="csv-to-json" sx={{ px: 2 }}>
                  CSV to JSON
                </ToggleButton>
              </ToggleButtonGroup>
              <ToggleButtonGroup
                exclusive
                value={inputKind}
                onChange={(_, next: InputKind | null) => {
                  if (!next) return;
                  setInputKind(next);
                  clearOutput();
                }}
                aria-label="Input"
                disabled={busy}
                size="small"
              >
                <ToggleButton value="file" sx={{ px: 2 }}>
                  Upload file
                </ToggleButton>
                <ToggleButton value="text" sx={{ px: 2 }}>
                  Paste text
                </ToggleButton>
              </ToggleButtonGroup>
            </Box>

            {inputKind === 'file' ? (
              <FileDrop accept={EXTENSION[mode]} file={file} onFile={chooseFile} disabled={busy} />
            ) : (
              <TextField
                label={`${source} text`}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  clearOutput();
                }}
                multiline
                rows={8}
                fullWidth
                disabled={busy}
                placeholder={mode === 'json-to-csv' ? '[{"id": 1, "name": "Ada"}]' : 'id,name\n1,Ada'}
                helperText={text ? formatBytes(new TextEncoder().encode(text).length) : ' '}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT_FAMILY, fontSize: 13 } } }}
              />
            )}

            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button startIcon={<ContentPaste />} onClick={pasteFromClipboard} disabled={busy} color="inherit">
                Paste from clipboard
              </Button>
              <Button
                startIcon={<ClearAll />}
                onClick={clearAll}
                disabled={busy || (!file && !text && !outcome)}
                color="inherit"
              >
                Clear all
              </Button>
            </Box>

            <Divider />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
                Options
              </Typography>
              <ConversionOptions
                mode={mode}
                value={choices}
                onChange={setChoices}
                allowedFormats={subscription.data?.formats}
                disabled={busy}
              />
            </Box>

            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button variant="contained" size="large" onClick={convert} disabled={busy}>
                {busy ? 'Converting...' : `Convert ${source} ${inputKind === 'file' ? 'File' : 'Text'}`}
              </Button>
              <Button
                variant="outlined"
                size="large"
                startIcon={<CompareArrows />}
                onClick={() => setComparing(true)}
                disabled={busy}
              >
                Conversion Quality Analysis
              </Button>
              {busy && uploading && (
                <Button color="inherit" onClick={() => abort.current?.abort()}>
                  Cancel
                </Button>
              )}
            </Box>

            {busy && progress !== null && (
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
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </CardContent>
        </Card>

        {isPremium && mode === 'json-to-csv' && (
          <AiAnalysisBanner shown={showAnalysis} onToggle={() => setShowAnalysis((shown) => !shown)} />
        )}
        {outcome && <ConversionResultPanel outcome={outcome} mode={mode} />}
        {showAnalysis && outcome?.kind === 'file' && <AiAnalysisCard result={outcome.response} />}
      </Stack>
      <ComparisonDialog open={comparing} source={comparisonSource} onClose={() => setComparing(false)} />
    </>
  );
}
