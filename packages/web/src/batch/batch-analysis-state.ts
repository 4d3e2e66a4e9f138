import type { BatchFileAnalysis } from '@unnest/contracts';

/** Where the batch's quality analyses stand on the page. */
export interface BatchAnalysisState {
  /** The files being analysed (their buttons show a spinner). */
  analysing: ReadonlySet<string>;
  /** Analyze All Quality is running. */
  analysingAll: boolean;
  /** What could not be analysed, one sentence a file. */
  problems: string[];
  /** The file the quality dialog shows (the first analysed one when null). */
  shownFileId: string | null;
}

export type BatchAnalysisAction =
  | { type: 'analysis-started'; fileIds: readonly string[]; all: boolean }
  | { type: 'analysis-answered'; results: readonly BatchFileAnalysis[] }
  | { type: 'analysis-ended'; fileIds: readonly string[]; all: boolean }
  | { type: 'problems-cleared' }
  | { type: 'file-shown'; fileId: string }
  | { type: 'reset' };

export const INITIAL_BATCH_ANALYSIS: BatchAnalysisState = {
  analysing: new Set(),
  analysingAll: false,
  problems: [],
  shownFileId: null,
};

function problemsOf(results: readonly BatchFileAnalysis[]): string[] {
  return results.flatMap((result) => (result.error ? [`${result.file_name}: ${result.error}`] : []));
}

/** The batch analyses' state after an action. */
export function batchAnalysisReducer(state: BatchAnalysisState, action: BatchAnalysisAction): BatchAnalysisState {
  switch (action.type) {
    case 'analysis-started':
      return {
        ...state,
        analysing: new Set([...state.analysing, ...action.fileIds]),
        analysingAll: state.analysingAll || action.all,
      };
    case 'analysis-answered':
      return { ...state, problems: problemsOf(action.results) };
    case 'analysis-ended':
      return {
        ...state,
        analysing: new Set([...state.analysing].filter((id) => !action.fileIds.includes(id))),
        analysingAll: action.all ? false : state.analysingAll,
      };
    case 'problems-cleared':
      return { ...state, problems: [] };
    case 'file-shown':
      return { ...state, shownFileId: action.fileId };
    case 'reset':
      return { ...state, problems: [], shownFileId: null };
  }
}
