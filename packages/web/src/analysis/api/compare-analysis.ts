import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ANALYSIS_TEXTS, type CompareAnalysisBody, type CompareAnalysisResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/convert/compare-analysis: the round-trip scores with their evidence (premium, or one credit). */
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
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['analysis', 'compare', key],
    queryFn: async () => {
      const answer = await compareAnalysis(body ?? {});
      // A plan without the comparison paid a credit for it: the balance shown changes.
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
      return answer;
    },
    enabled: body !== undefined,
    // A comparison a credit paid for is kept while the page lives: opening it again spends nothing.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
