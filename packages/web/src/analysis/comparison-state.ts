import type { CompareAnalysisBody, CompareDataResponse, FlattenPlanDocument } from '@unnest/contracts';
import type { ComparisonSource } from './comparison-source';

/** The views of the compared texts, one tab each. */
export type ComparisonTab = 'side-by-side' | 'original' | 'converted' | 'reconverted';

/** What the comparison dialog itself decides (the texts and the analysis are the server's). */
export interface ComparisonState {
  tab: ComparisonTab;
}

export type ComparisonAction = { type: 'tab-chosen'; tab: ComparisonTab };

/** The dialog opens on the side-by-side view. */
export const INITIAL_COMPARISON: ComparisonState = { tab: 'side-by-side' };

/** The comparison dialog's state after an action. */
export function comparisonReducer(state: ComparisonState, action: ComparisonAction): ComparisonState {
  switch (action.type) {
    case 'tab-chosen':
      return state.tab === action.tab ? state : { ...state, tab: action.tab };
  }
}

/** The texts compared and how the CSV was written, from the source or (for a stored file) the server's answer. */
export interface ComparedTexts {
  /** Names the comparison in the query cache ('' before there is a source). */
  key: string;
  filename: string;
  /** The name the converted CSV is downloaded under. */
  csvName: string;
  original: string | undefined;
  csv: string | undefined;
  plan: FlattenPlanDocument | undefined;
  excelSafe: boolean;
}

/** The texts of a source: in hand for converter texts, from the loaded answer (once there) for a stored file. */
export function comparedTexts(source: ComparisonSource | null, stored: CompareDataResponse | undefined): ComparedTexts {
  const filename = source?.filename ?? 'data.json';
  const common = {
    key: source?.key ?? '',
    filename,
    csvName: stored?.filename ?? filename.replace(/\.json$/i, '.csv'),
  };
  if (source?.kind === 'text') {
    return {
      ...common,
      original: source.originalJson,
      csv: source.csv,
      plan: source.plan,
      excelSafe: source.excelSafe,
    };
  }
  // Read back with the options the CSV was written with (its plan, and the guard undone if it has one).
  return {
    ...common,
    original: stored?.original_json,
    csv: stored?.converted_csv,
    plan: stored?.plan,
    excelSafe: stored?.excel_safe === true,
  };
}

/** What the analysis is asked for: nothing until the dialog is open and the CSV is known. */
export function analysisBody(
  open: boolean,
  source: ComparisonSource | null,
  csv: string | undefined,
): CompareAnalysisBody | undefined {
  if (!open || !source || csv === undefined) return undefined;
  if (source.kind === 'file') return { file_id: source.fileId };
  return {
    original_json: source.originalJson,
    csv_data: source.csv,
    filename: source.filename,
    excel_safe: source.excelSafe,
    ...(source.plan ? { plan: source.plan } : {}),
  };
}

/** What the analysis card shows, first match wins. */
export type AnalysisView = 'texts-failed' | 'analysing' | 'premium-required' | 'failed' | 'done' | 'loading';

/**
 * The analysis card's view from where the requests stand: a stored file whose texts failed to load,
 * the analysis running, refused for want of premium (403), failed, done, or waiting for the texts.
 */
export function analysisView(requests: {
  textsFailed: boolean;
  analysing: boolean;
  premiumRequired: boolean;
  failed: boolean;
  done: boolean;
}): AnalysisView {
  if (requests.textsFailed) return 'texts-failed';
  if (requests.analysing) return 'analysing';
  if (requests.premiumRequired) return 'premium-required';
  if (requests.failed) return 'failed';
  if (requests.done) return 'done';
  return 'loading';
}
