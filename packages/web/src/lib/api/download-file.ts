import { useMutation } from '@tanstack/react-query';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { apiFetch } from '../api-client';
import { fileNameFromDisposition, saveFile } from '../save-file';

/**
 * GET /api/files/download/{id}: fetches a stored result (or, with `original`, the upload: a file stored
 * without converting has only that) and hands it to the browser as a download.
 */
export async function downloadFile(fileId: string, fallbackName = 'converted', original = false): Promise<void> {
  const variant = original ? '?variant=original' : '';
  const response = await apiFetch(`/api/files/download/${encodeURIComponent(fileId)}${variant}`, {
    fallbackError: CONVERSION_TEXTS.failedToDownload,
  });
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  saveFile(await response.blob(), name);
}

/** Mutation hook for downloading a stored file. */
export function useDownloadFile() {
  return useMutation({
    mutationFn: (file: { fileId: string; name?: string; original?: boolean }) =>
      downloadFile(file.fileId, file.name, file.original),
  });
}
