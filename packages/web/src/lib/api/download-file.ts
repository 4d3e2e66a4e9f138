import { useMutation } from '@tanstack/react-query';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { downloadStored } from '../save-file';

/**
 * GET /api/files/download/{id}: a stored result (or, with `original`, the upload: a file stored without
 * converting has only that), downloaded by the browser itself (see downloadStored).
 */
export function downloadFile(fileId: string, fallbackName = 'converted', original = false): Promise<void> {
  const variant = original ? '?variant=original' : '';
  return downloadStored(
    `/api/files/download/${encodeURIComponent(fileId)}${variant}`,
    fallbackName,
    CONVERSION_TEXTS.failedToDownload,
  );
}

/** Mutation hook for downloading a stored file. */
export function useDownloadFile() {
  return useMutation({
    mutationFn: (file: { fileId: string; name?: string; original?: boolean }) =>
      downloadFile(file.fileId, file.name, file.original),
  });
}
