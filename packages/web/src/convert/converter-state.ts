import { CONVERSION_TEXTS, type FlattenPlanDocument, type UserSettings } from '@unnest/contracts';
import { type ConversionChoices, type ConversionMode, choicesFromSettings } from '../components/conversion-options';
import { extensionsText } from '../components/drop-zone';
import type { ConversionOutcome } from './conversion-outcome';
import type { InputKind } from './conversion-toggles';
import { LIVE_MAX_BYTES, type LiveRequest } from './live-conversion';
import { hasTables } from './plan-editing';
import type { ConversionRequest } from './run-conversion';

// CSV to JSON also reads back a relational ZIP (linked tables with their plan inside).
export const EXTENSIONS: Record<ConversionMode, readonly string[]> = {
  'json-to-csv': ['.json'],
  'csv-to-json': ['.csv', '.zip'],
};

/** What the converter page holds besides the conversion itself (see `useConversion`). */
export interface ConverterState {
  mode: ConversionMode;
  inputKind: InputKind;
  file: File | null;
  text: string;
  choices: ConversionChoices;
  /** What is wrong with the input before any request (no file, wrong extension, clipboard refused). */
  inputError: string | null;
  /** The flattening plan the panel holds for the JSON input, or null to convert without one. */
  flattenPlan: FlattenPlanDocument | null;
  /** The plan of the last conversion asked for: its pasted text's comparison reads the CSV back under it. */
  convertedPlan: FlattenPlanDocument | null;
  showAnalysis: boolean;
  comparing: boolean;
}

export type ConverterAction =
  | { type: 'mode'; mode: ConversionMode }
  | { type: 'input-kind'; inputKind: InputKind }
  | { type: 'file'; file: File | null }
  | { type: 'text'; text: string }
  | { type: 'pasted'; text: string }
  | { type: 'input-error'; message: string }
  | { type: 'clear' }
  | { type: 'choices'; choices: ConversionChoices }
  | { type: 'excel-safe'; on: boolean }
  /** Saved settings arrived, or the mode changed with them known: the options start from them again. */
  | { type: 'settings'; settings: UserSettings; mode: ConversionMode }
  | { type: 'plan'; plan: FlattenPlanDocument | null }
  | { type: 'converting'; plan: FlattenPlanDocument | null }
  | { type: 'toggle-analysis' }
  | { type: 'comparing'; open: boolean };

/** A new converter: JSON to CSV from a file, the default options until the saved settings arrive. */
export function initialConverterState(): ConverterState {
  return {
    mode: 'json-to-csv',
    inputKind: 'file',
    file: null,
    text: '',
    choices: choicesFromSettings(undefined, 'json-to-csv'),
    inputError: null,
    flattenPlan: null,
    convertedPlan: null,
    showAnalysis: true,
    comparing: false,
  };
}

/** The converter's transitions; every change of input also clears the error (the hook clears the result). */
export function converterReducer(state: ConverterState, action: ConverterAction): ConverterState {
  switch (action.type) {
    case 'mode':
      return { ...state, mode: action.mode, file: null, text: '', inputError: null };
    case 'input-kind':
      return { ...state, inputKind: action.inputKind, inputError: null, choices: findingRecords(state.choices) };
    case 'file': {
      const { file } = action;
      const accepted = EXTENSIONS[state.mode];
      if (file && !accepted.some((extension) => file.name.toLowerCase().endsWith(extension)))
        return { ...state, file: null, inputError: `Please select a ${extensionsText(accepted)} file` };
      return { ...state, file, inputError: null, choices: findingRecords(state.choices) };
    }
    case 'text':
      return { ...state, text: action.text, inputError: null, choices: findingRecords(state.choices) };
    case 'pasted':
      return {
        ...state,
        inputKind: 'text',
        text: action.text,
        inputError: null,
        choices: findingRecords(state.choices),
      };
    case 'input-error':
      return { ...state, inputError: action.message };
    case 'clear':
      return { ...state, file: null, text: '', inputError: null, choices: findingRecords(state.choices) };
    case 'choices':
      return { ...state, choices: action.choices };
    case 'excel-safe':
      return { ...state, choices: { ...state.choices, excelSafe: action.on } };
    case 'settings':
      return { ...state, choices: choicesFromSettings(action.settings, action.mode) };
    case 'plan':
      // The panel reports its plan after every render that changed it: an unchanged one changes nothing.
      return action.plan === state.flattenPlan ? state : { ...state, flattenPlan: action.plan };
    case 'converting':
      return { ...state, convertedPlan: action.plan, inputError: null };
    case 'toggle-analysis':
      return { ...state, showAnalysis: !state.showAnalysis };
    case 'comparing':
      return { ...state, comparing: action.open };
  }
}

/** A records path chosen for one file's result belongs to that file: any other input's records are found again. */
function findingRecords(choices: ConversionChoices): ConversionChoices {
  return choices.recordsPath === '' ? choices : { ...choices, recordsPath: '' };
}

/** The plan a conversion asked for now uses: the panel's, for JSON to CSV only. */
export function planToConvertWith(state: Pick<ConverterState, 'mode' | 'flattenPlan'>): FlattenPlanDocument | null {
  return state.mode === 'json-to-csv' ? state.flattenPlan : null;
}

/**
 * The conversion the Convert button asks for, or what is missing for one. `analysisForCredit`: the plan
 * lacks the analysis, so the option asked for is sent only where a credit pays for it.
 */
export function conversionToRun(
  state: ConverterState,
  analysisForCredit: boolean,
): { request: ConversionRequest } | { missing: string } {
  const { mode, inputKind, file, text } = state;
  const choices = { ...state.choices, analysis: analysisForCredit && state.choices.analysis };
  const plan = planToConvertWith(state);
  if (inputKind === 'file')
    return file ? { request: { input: 'file', file, mode, choices, plan } } : { missing: CONVERSION_TEXTS.noFile };
  if (text.trim()) return { request: { input: 'text', text, mode, choices, plan } };
  return { missing: mode === 'json-to-csv' ? CONVERSION_TEXTS.emptyJsonText : CONVERSION_TEXTS.emptyCsvText };
}

/** A plan without the analysis gets it for an uploaded JSON file for one credit. */
export function offersAnalysisForCredit(state: ConverterState, isPremium: boolean | undefined): boolean {
  return isPremium === false && state.mode === 'json-to-csv' && state.inputKind === 'file';
}

/** The JSON the flattening plan is proposed for and previewed on, or null (CSV input, or nothing yet). */
export function planInputOf(state: ConverterState): File | string | null {
  if (state.mode !== 'json-to-csv') return null;
  if (state.inputKind === 'file') return state.file;
  return state.text.trim() ? state.text : null;
}

/**
 * What the quality analysis compares: the last JSON to CSV result, stored (a CSV or TSV file) or in hand
 * (pasted JSON and its CSV, read back with the plan and guard it was written with); null when there is none.
 */
export type ComparedConversion =
  | { kind: 'file'; fileId: string; filename: string }
  | {
      kind: 'text';
      json: string;
      csv: string;
      filename: string;
      plan: FlattenPlanDocument | undefined;
      excelSafe: boolean;
    };

export function comparedConversion(
  last: Pick<ConverterState, 'mode' | 'text' | 'convertedPlan'>,
  outcome: ConversionOutcome | null,
): ComparedConversion | null {
  if (!outcome || outcome.kind === 'live' || last.mode !== 'json-to-csv') return null;
  if (outcome.kind === 'file') {
    const { output_format: format, file_id: fileId, original_filename: filename } = outcome.response;
    return format === 'csv' || format === 'tsv' ? { kind: 'file', fileId, filename } : null;
  }
  if (outcome.text === null) return null;
  return {
    kind: 'text',
    json: last.text,
    csv: outcome.text,
    filename: 'pasted.json',
    plan: last.convertedPlan ?? undefined,
    excelSafe: outcome.formulaGuard !== null,
  };
}

/**
 * Why the quality analysis cannot open now, or null when it can: it compares the CSV (TSV) of a JSON to CSV
 * conversion the server made with the JSON it came from.
 */
export function compareBlockedReason(
  state: Pick<ConverterState, 'mode' | 'choices' | 'convertedPlan'>,
  outcome: ConversionOutcome | null,
  compared: ComparedConversion | null,
): string | null {
  if (compared !== null) return null;
  if (state.mode === 'csv-to-json')
    return 'Compare checks a JSON to CSV conversion: switch to JSON to CSV and convert first.';
  if (outcome === null || outcome.kind === 'live') return 'Compare needs a converted file: convert first.';
  if (hasTables(state.convertedPlan)) return 'Compare reads one CSV table: convert without tables of their own first.';
  return 'Compare reads CSV or TSV: convert to CSV or TSV first.';
}

/**
 * What converts as it is typed: pasted text up to LIVE_MAX_BYTES into CSV, TSV or JSON text (an XLSX workbook
 * or a ZIP of linked tables waits for Convert); null otherwise.
 */
export function liveRequestOf(
  state: Pick<ConverterState, 'mode' | 'inputKind' | 'text' | 'choices' | 'flattenPlan'>,
): LiveRequest | null {
  const { mode, text, choices } = state;
  // A character is at least one byte: a longer text is never measured.
  if (state.inputKind !== 'text' || !text.trim() || text.length > LIVE_MAX_BYTES) return null;
  if (new TextEncoder().encode(text).length > LIVE_MAX_BYTES) return null;
  const plan = planToConvertWith(state) ?? undefined;
  if (mode === 'json-to-csv' && (choices.outputFormat === 'xlsx' || hasTables(plan))) return null;
  return { text, mode, choices, plan };
}

/** Ctrl+Enter (Cmd+Enter on a Mac) converts from anywhere in the converter's input. */
export function isConvertShortcut(key: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return key.key === 'Enter' && (key.ctrlKey || key.metaKey);
}
