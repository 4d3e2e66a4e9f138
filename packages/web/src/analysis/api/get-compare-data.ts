import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONVERSION_TEXTS, type CompareDataResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** GET /api/files/compare-data/{fileId}: the uploaded JSON and its CSV, as text (files under 20 MB). */
export function getCompareData(fileId: string): Promise<CompareDataResponse> {
  return apiJson<CompareDataResponse>(`/api/files/compare-data/${encodeURIComponent(fileId)}`, {
    fallbackError: CONVERSION_TEXTS.failedToLoadComparison,
  });
}

/** Query options for one file's comparison texts; a stored file never changes, so they stay fresh. */
export function compareDataQuery(fileId: string) {
  return queryOptions({
    queryKey: ['files', 'compare-data', fileId],
    queryFn: () => getCompareData(fileId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The texts of a stored file to compare; loads only while `enabled`. */
export function useCompareData(fileId: string | null, enabled: boolean) {
  return useQuery({ ...compareDataQuery(fileId ?? ''), enabled: enabled && fileId !== null });
}
