import { BATCH_TEXTS, type BatchJob } from '@unnest/contracts';
import { type UploadProgress, uploadWithProgress } from '../../lib/upload-request';

/**
 * POST /api/convert/batch: uploads the files (the `files` field repeated) after the option fields, so
 * the server knows the options before the bytes arrive, and answers the created job at once.
 */
export async function startBatch(
  files: readonly File[],
  fields: Record<string, string>,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<BatchJob> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file, file.name);
  const text = await uploadWithProgress('/api/convert/batch', form, {
    fallbackError: BATCH_TEXTS.startFailed,
    onProgress,
    signal,
  });
  return JSON.parse(text) as BatchJob;
}
