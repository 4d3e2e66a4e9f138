import { CONVERSION_TEXTS } from '@unnest/contracts';
import { apiFetch } from '../../lib/api-client';
import { fileNameFromDisposition } from '../../lib/save-file';

/** A converted text: the bytes and the file name the server gave them. */
export interface TextConversion {
  blob: Blob;
  fileName: string;
}

/** POST /api/convert/text/download: JSON text in, the CSV (TSV, XLSX) bytes out. */
export async function convertText(json: string, fields: Record<string, string>): Promise<TextConversion> {
  const query = new URLSearchParams(fields).toString();
  const response = await apiFetch(`/api/convert/text/download?${query}`, {
    method: 'POST',
    body: json,
    headers: { 'Content-Type': 'application/json' },
    fallbackError: CONVERSION_TEXTS.failedToConvertFile,
  });
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition'), 'converted.csv'),
  };
}
