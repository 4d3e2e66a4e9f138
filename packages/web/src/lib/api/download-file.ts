import { useMutation } from '@tanstack/react-query';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { downloadStored } from '../save-file';

/**
 * GET /api/files/download/{id}: a stored result (or, with `original`, the upload: a file stored without
 * converting has only that; with `header` smart, a CSV whose header row holds the smart column names),
 * downloaded by the browser itself (see downloadStored).
 */
export function downloadFile(
  fileId: string,
  fallbackName = 'converted',
  original = false,
  header?: 'smart',
): Promise<void> {
  const query = original ? '?variant=original' : header ? `?header=${header}` : '';
  return downloadStored(
    `/api/files/download/${encodeURIComponent(fileId)}${query}`,
    fallbackName,
    CONVERSION_TEXTS.failedToDownload,
  );
}

/** Mutation hook for downloading a stored file. */
export function useDownloadFile() {
  return useMutation({
    mutationFn: (file: { fileId: string; name?: string; original?: boolean; header?: 'smart' }) =>
      downloadFile(file.fileId, file.name, file.original, file.header),
  });
}
