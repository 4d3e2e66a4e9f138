import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConversionResult } from '@unnest/contracts';
import { type ReactNode, useDeferredValue } from 'react';
import { ConversionOptions } from '../components/conversion-options';
import { PageHeader } from '../components/page-header';
import { useHashFocus } from '../lib/use-hash-focus';
import { ConversionResultPanel } from './conversion-result';
import { ConverterActions } from './converter-actions';
import { ConverterInput } from './converter-input';
import { type ComparedConversion, isConvertShortcut } from './converter-state';
import { FlattenPlanPanel } from './flatten-plan-panel';
import { useConverter } from './use-converter';

/** What the converter shows of other features; the page composing it (in `app/`) gives them. */
export interface ConverterSlots {
  /** Offered beside a refusal a conversion credit pays for. */
  creditOffer: ReactNode;
  /** The switch showing or hiding the AI analysis (premium plans, JSON to CSV). */
  analysisSwitch: (shown: boolean, onToggle: () => void) => ReactNode;
  /** The AI analysis of a stored conversion. */
  analysis: (result: ConversionResult) => ReactNode;
  /** The quality analysis dialog for the last result (`compared` null: nothing to compare yet). */
  comparison: (open: boolean, compared: ComparedConversion | null, onClose: () => void) => ReactNode;
}

/** The 'Data Conversion Tool' (spec section 2.4). */
export function ConvertPage({ slots }: { slots: ConverterSlots }) {
  useHashFocus();
  const converter = useConverter();
  const { state, conversion, planInput } = converter;
  const { mode, inputKind, choices } = state;
  const { outcome, busy } = conversion;
  // The result renders at low priority, in slices React can pause between: a big result never holds the page.
  const shown = useDeferredValue(converter.shown);
  const source = mode === 'json-to-csv' ? 'JSON' : 'CSV';

  return (
    <>
      <PageHeader
        title="Data Conversion Tool"
        subtitle="Convert JSON to CSV or CSV to JSON, from a file or pasted text. Every value is kept as written."
      />
      <Stack spacing={3}>
        <Card>
          <CardContent
            sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
            onKeyDown={(event) => {
              if (!isConvertShortcut(event) || busy) return;
              event.preventDefault();
              converter.convert();
            }}
          >
            <ConverterInput
              mode={mode}
              inputKind={inputKind}
              file={state.file}
              text={state.text}
              busy={busy}
              hasResult={outcome !== null}
              onMode={converter.changeMode}
              onInputKind={converter.changeInputKind}
              onFile={converter.chooseFile}
              onText={converter.editText}
              onPaste={converter.pasteFromClipboard}
              onClear={converter.clearAll}
            />

            <Divider />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
                Options
              </Typography>
              <ConversionOptions
                mode={mode}
                value={choices}
                onChange={converter.setChoices}
                allowedFormats={converter.allowedFormats}
                creditsLeft={converter.creditsLeft}
                analysisForCredit={converter.analysisForCredit}
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
                  onPlan={converter.setFlattenPlan}
                />
              </>
            )}

            <ConverterActions
              convertLabel={`Convert ${source} ${inputKind === 'file' ? 'File' : 'Text'}`}
              comparisonForCredit={converter.creditPaysAnalysis}
              compareBlocked={converter.compareBlocked}
              busy={busy}
              progress={conversion.progress}
              error={converter.error}
              errorAction={converter.creditPaysForError ? slots.creditOffer : undefined}
              onConvert={converter.convert}
              onCompare={() => converter.setComparing(true)}
              onCancel={conversion.cancel}
            />
          </CardContent>
        </Card>

        {converter.isPremium &&
          mode === 'json-to-csv' &&
          slots.analysisSwitch(state.showAnalysis, converter.toggleAnalysis)}
        {converter.liveError !== null && (
          <Alert severity="info" role="status">
            Not converted yet: {converter.liveError}
          </Alert>
        )}
        {shown && (
          <ConversionResultPanel
            outcome={shown}
            mode={mode}
            excelSafe={choices.excelSafe}
            onExcelSafe={converter.setExcelSafe}
            recordsPath={choices.recordsPath}
            onRecordsPath={converter.convertRecordsAt}
            busy={busy}
          />
        )}
        {state.showAnalysis && outcome?.kind === 'file' && slots.analysis(outcome.response)}
      </Stack>
      {slots.comparison(state.comparing, converter.compared, () => converter.setComparing(false))}
    </>
  );
}
