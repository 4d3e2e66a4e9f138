import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONVERSION_TEXTS, type FilesListResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

const EMPTY: FilesListResponse = { files: [], total_files: 0, total_size: 0 };

/** GET /api/files: the user's stored conversions, newest first; a 404 means none (spec section 7.1). */
export async function getFiles(): Promise<FilesListResponse> {
  try {
    return await apiJson<FilesListResponse>('/api/files', { fallbackError: CONVERSION_TEXTS.filesApiFailed });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return EMPTY;
    throw error;
  }
}

/** Query options for the file list. */
export const filesQuery = queryOptions({ queryKey: ['files'], queryFn: getFiles });

/** The user's stored files. */
export function useFiles() {
  return useQuery(filesQuery);
}
