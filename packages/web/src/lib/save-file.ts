import type { DownloadTicketResponse } from '@unnest/contracts';
import { apiJson } from './api-client';

/** Has the browser download `url`, named `fileName` unless the answer's Content-Disposition names it. */
function followDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands bytes to the browser as a download with the given file name. */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  followDownload(url, fileName);
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a stored file of the API (`url`, as its answers give it) as a plain link that the browser follows
 * and streams to disk, with a one-minute ticket in place of the bearer token (POST /api/auth/download-ticket):
 * a file of gigabytes never passes through the page's memory, and the browser shows its own progress. The
 * ticket is asked for first, so a refusal (a session that ended, say) is shown in the app with its reason.
 */
export async function downloadStored(url: string, fallbackName: string, fallbackError: string): Promise<void> {
  const ticket = await apiJson<DownloadTicketResponse>('/api/auth/download-ticket', {
    method: 'POST',
    json: { url },
    fallbackError,
  });
  followDownload(ticket.url, fallbackName);
}

/** The file name a Content-Disposition header gives (RFC 6266, `filename*` preferred), or the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed escape: try the plain parameter.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}
