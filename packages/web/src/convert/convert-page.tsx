import ClearAll from '@mui/icons-material/ClearAll';
import CompareArrows from '@mui/icons-material/CompareArrows';
import ContentPaste from '@mui/icons-material/ContentPaste';
import Layers from '@mui/icons-material/LayersOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONVERSION_TEXTS, type FlattenPlanDocument } from '@unnest/contracts';
import { useEffect, useMemo, useState } from 'react';
import {
  AiAnalysisBanner,
  AiAnalysisCard,
  ComparisonDialog,
  type ComparisonSource,
  fileComparisonSource,
  textComparisonSource,
} from '../analysis';
import { PageHeader } from '../components/page-header';
import { FlattenPlanPanel } from '../flatten-plan';
import { useSettings } from '../lib/api/get-settings';
import { useSubscription } from '../lib/api/get-subscription';
import { formatBytes } from '../lib/format-size';
import { useHashFocus } from '../lib/use-hash-focus';
import { BuyCreditsButton } from '../payments';
import { ConversionOptions } from './conversion-options';
import { ConversionResultPanel } from './conversion-result';
import { type ConversionChoices, type ConversionMode, choicesFromSettings } from './conversion-settings';
import { ConversionToggles, type InputKind } from './conversion-toggles';
import { extensionsText, FileDrop } from './file-drop';
import { isUploading, UploadProgressView } from './upload-progress-view';
import { useConversion } from './use-conversion';

/** Refusals a conversion credit pays for (the server's text then says to buy credits). */
const CREDIT_PAYS_FOR = new Set(['FORMAT_NOT_IN_PLAN', 'FILE_TOO_LARGE', 'QUOTA_EXCEEDED', 'FORBIDDEN']);

// CSV to JSON also reads back a relational ZIP (linked tables with their plan inside).
const EXTENSIONS: Record<ConversionMode, readonly string[]> = {
  'json-to-csv': ['.json'],
  'csv-to-json': ['.csv', '.zip'],
};

/** The 'Data Conversion Tool' (spec section 2.4). */
export default function ConvertPage() {
  useHashFocus();
  const settings = useSettings();
  const subscription = useSubscription();
  const [mode, setMode] = useState<ConversionMode>('json-to-csv');
  const [inputKind, setInputKind] = useState<InputKind>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<ConversionChoices>(() => choicesFromSettings(undefined, 'json-to-csv'));
  // What is wrong with the input before any request (no file, wrong extension, clipboard refused).
  const [inputError, setInputError] = useState<string | null>(null);
  // The flattening plan the panel holds for the JSON input, or null to convert without one.
  const [flattenPlan, setFlattenPlan] = useState<FlattenPlanDocument | null>(null);
  // The plan of the last conversion asked for: its pasted text's comparison reads the CSV back under it.
  const [convertedPlan, setConvertedPlan] = useState<FlattenPlanDocument | null>(null);
  const conversion = useConversion();
  const { outcome, busy, progress } = conversion;
  const error = inputError ?? conversion.errorMessage;
  const [showAnalysis, setShowAnalysis] = useState(true);
  const [comparing, setComparing] = useState(false);
  const isPremium = subscription.data?.is_premium === true;
  // A plan without the analysis gets it (for an uploaded file) and the comparison for one credit each.
  const creditPaysAnalysis = subscription.data?.is_premium === false;
  const analysisForCredit = creditPaysAnalysis && mode === 'json-to-csv' && inputKind === 'file';
  // What the comparison dialog checks: the last JSON to CSV result, stored or in hand.
  const comparisonSource = useMemo<ComparisonSource | null>(() => {
    if (!outcome || mode !== 'json-to-csv') return null;
    if (outcome.kind === 'file') {
      const { output_format: format } = outcome.response;
      if (format !== 'csv' && format !== 'tsv') return null;
      return fileComparisonSource(outcome.response.file_id, outcome.response.original_filename);
    }
    // Compared with the options it was made with: a guarded CSV is read back with the guard undone.
    return outcome.text === null
      ? null
      : textComparisonSource(text, outcome.text, 'pasted.json', {
          plan: convertedPlan ?? undefined,
          excelSafe: outcome.formulaGuard !== null,
        });
  }, [outcome, mode, text, convertedPlan]);

  // Options start from the saved settings once they arrive, and again on every mode change.
  const loadedSettings = settings.data;
  useEffect(() => {
    if (loadedSettings) setChoices(choicesFromSettings(loadedSettings, mode));
  }, [loadedSettings, mode]);

  function clearOutput() {
    setInputError(null);
    conversion.reset();
  }

  function changeMode(next: ConversionMode) {
    setMode(next);
    setFile(null);
    setText('');
    clearOutput();
  }

  function chooseFile(chosen: File | null) {
    clearOutput();
    if (chosen && !EXTENSIONS[mode].some((extension) => chosen.name.toLowerCase().endsWith(extension))) {
      setFile(null);
      setInputError(`Please select a ${extensionsText(EXTENSIONS[mode])} file`);
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
      setInputError('Failed to read from clipboard');
    }
  }

  function clearAll() {
    setFile(null);
    setText('');
    clearOutput();
  }

  function convert() {
    clearOutput();
    const asked = { ...choices, analysis: analysisForCredit && choices.analysis };
    const planFor = mode === 'json-to-csv' ? flattenPlan : null;
    setConvertedPlan(planFor);
    if (inputKind === 'file') {
      if (file) conversion.convert({ input: 'file', file, mode, choices: asked, plan: planFor });
      else setInputError(CONVERSION_TEXTS.noFile);
    } else if (text.trim()) {
      conversion.convert({ input: 'text', text, mode, choices: asked, plan: planFor });
    } else {
      setInputError(mode === 'json-to-csv' ? CONVERSION_TEXTS.emptyJsonText : CONVERSION_TEXTS.emptyCsvText);
    }
  }

  const source = mode === 'json-to-csv' ? 'JSON' : 'CSV';
  // The JSON the flattening plan is proposed for and previewed on.
  const planInput = mode !== 'json-to-csv' ? null : inputKind === 'file' ? file : text.trim() ? text : null;

  return (
    <>
      <PageHeader
        title="Data Conversion Tool"
        subtitle="Convert JSON to CSV or CSV to JSON, from a file or pasted text. Every value is kept as written."
      />
      <Stack spacing={3}>
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <ConversionToggles
              mode={mode}
              inputKind={inputKind}
              disabled={busy}
              onMode={changeMode}
              onInputKind={(next) => {
                setInputKind(next);
                clearOutput();
              }}
            />

            {inputKind === 'file' ? (
              <FileDrop accept={EXTENSIONS[mode]} file={file} onFile={chooseFile} disabled={busy} />
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
                sx={{ '& .MuiInputBase-input': { fontFamily: 'fontFamilyMonospace', fontSize: 13 } }}
                slotProps={{ htmlInput: { spellCheck: false } }}
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
                creditsLeft={subscription.data?.credits ?? 0}
                analysisForCredit={analysisForCredit}
                disabled={busy}
              />
            </Box>

            {planInput !== null && (
              <>
                <Divider />
                <FlattenPlanPanel
                  // A new input starts without a plan: the proposal belongs to the data it was made from.
                  key={
                    typeof planInput === 'string'
                      ? 'text'
                      : `${planInput.name}:${planInput.size}:${planInput.lastModified}`
                  }
                  input={planInput}
                  choices={choices}
                  disabled={busy}
                  onPlan={setFlattenPlan}
                />
              </>
            )}

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
                {`Conversion Quality Analysis${creditPaysAnalysis ? ' (1 credit)' : ''}`}
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
                <Button color="inherit" onClick={conversion.cancel}>
                  Cancel
                </Button>
              )}
            </Box>

            {busy && progress !== null && <UploadProgressView progress={progress} />}
            {error && (
              <Alert
                severity="error"
                action={
                  conversion.errorCode && CREDIT_PAYS_FOR.has(conversion.errorCode) ? (
                    <BuyCreditsButton label="Buy credits" />
                  ) : undefined
                }
              >
                {error}
              </Alert>
            )}
          </CardContent>
        </Card>

        {isPremium && mode === 'json-to-csv' && (
          <AiAnalysisBanner shown={showAnalysis} onToggle={() => setShowAnalysis((shown) => !shown)} />
        )}
        {outcome && (
          <ConversionResultPanel
            outcome={outcome}
            mode={mode}
            excelSafe={choices.excelSafe}
            onExcelSafe={(on) => setChoices((current) => ({ ...current, excelSafe: on }))}
          />
        )}
        {showAnalysis && outcome?.kind === 'file' && <AiAnalysisCard result={outcome.response} />}
      </Stack>
      <ComparisonDialog
        open={comparing}
        source={comparisonSource}
        onClose={() => setComparing(false)}
        buyCredits={<BuyCreditsButton label="Buy credits" />}
      />
    </>
  );
}
