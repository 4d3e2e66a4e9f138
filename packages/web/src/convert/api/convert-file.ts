import { CONVERSION_TEXTS, type ConversionResult } from '@unnest/contracts';
import { type UploadProgress, uploadWithProgress } from '../../lib/upload-request';

/**
 * POST /api/convert/file: uploads a .json, .csv or relational .zip file with its options (fields first, so the server
 * knows them before the bytes arrive) and answers the stored result.
 */
export async function convertFile(
  file: File,
  fields: Record<string, string>,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ConversionResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const text = await uploadWithProgress('/api/convert/file', form, {
    fallbackError: CONVERSION_TEXTS.fileConversionFailed,
    onProgress,
    signal,
  });
  return JSON.parse(text) as ConversionResult;
}
