import { useReducer } from 'react';
import { ApiError } from '../lib/api-error';
import { useCompareAnalysis } from './api/compare-analysis';
import { useCompareData } from './api/get-compare-data';
import { useReconvertedJson } from './api/reconvert-csv';
import type { ComparisonSource } from './comparison-source';
import { analysisBody, analysisView, comparedTexts, comparisonReducer, INITIAL_COMPARISON } from './comparison-state';

/**
 * The comparison dialog's state and requests: the chosen tab, a stored file's texts (loaded while the
 * dialog is open), the CSV read back to JSON, and the analysis, which starts by itself once the CSV is there.
 */
export function useComparison(open: boolean, source: ComparisonSource | null) {
  const [state, dispatch] = useReducer(comparisonReducer, INITIAL_COMPARISON);
  const stored = useCompareData(source?.kind === 'file' ? source.fileId : null, open);
  const texts = comparedTexts(source, stored.data);
  const reconverted = useReconvertedJson(texts.key, open ? texts.csv : undefined, texts.filename, {
    plan: texts.plan,
    excelSafe: texts.excelSafe,
  });
  const analysis = useCompareAnalysis(texts.key, analysisBody(open, source, texts.csv));
  const view = analysisView({
    textsFailed: stored.isError,
    analysing: analysis.isFetching,
    premiumRequired: analysis.error instanceof ApiError && analysis.error.status === 403,
    failed: analysis.isError,
    done: analysis.data !== undefined,
  });
  return { state, dispatch, stored, texts, reconverted, analysis, view };
}
