import { useQuery } from '@tanstack/react-query';
import { ANALYSIS_TEXTS, type CompareAnalysisBody, type CompareAnalysisResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/convert/compare-analysis: the round-trip scores with their evidence (premium). */
export function compareAnalysis(body: CompareAnalysisBody): Promise<CompareAnalysisResponse> {
  return apiJson<CompareAnalysisResponse>('/api/convert/compare-analysis', {
    method: 'POST',
    json: body,
    fallbackError: ANALYSIS_TEXTS.comparisonFailed,
  });
}

/**
 * The comparison of one source (`key` names it). It runs as soon as `body` is known, which is how the
 * dialog starts by itself once it has CSV data; a failure stays a failure (Retry refetches), never a
 * default score.
 */
export function useCompareAnalysis(key: string, body: CompareAnalysisBody | undefined) {
  return useQuery({
    queryKey: ['analysis', 'compare', key],
    queryFn: () => compareAnalysis(body ?? {}),
    enabled: body !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
