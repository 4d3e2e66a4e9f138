import { CONVERSION_TEXTS, type FlattenPlanDocument } from '@unnest/contracts';
import { planFieldText } from '../flatten-plan/plan-editing';
import type { UploadProgress } from '../lib/upload-request';
import { convertFile } from './api/convert-file';
import { convertText } from './api/convert-text';
import { csvToJson } from './api/csv-to-json';
import type { ConversionOutcome } from './conversion-result';
import { type ConversionChoices, type ConversionMode, delimiterChar, optionFields } from './conversion-settings';
import { LOCAL_PREVIEW_MAX_BYTES, localPreview, type PreviewSource } from './local-preview';

/** One conversion the user asked for: a chosen file or pasted text, the direction and the options. */
export type ConversionRequest = {
  mode: ConversionMode;
  choices: ConversionChoices;
  /** The flattening plan to convert JSON with (see the Flattening plan panel). */
  plan?: FlattenPlanDocument | null;
} & ({ input: 'file'; file: File } | { input: 'text'; text: string });

async function previewOf(
  input: string,
  mode: ConversionMode,
  choices: ConversionChoices,
  plan: FlattenPlanDocument | null | undefined,
): Promise<PreviewSource | string> {
  try {
    return await localPreview(input, mode, choices, plan ?? undefined);
  } catch (error) {
    return error instanceof Error ? error.message : 'The result could not be read';
  }
}

/** The spec's message for a failed conversion of this kind when the server gives no detail. */
export function conversionFailureText(request: ConversionRequest): string {
  if (request.input === 'file') return CONVERSION_TEXTS.fileConversionFailed;
  return request.mode === 'csv-to-json' ? CONVERSION_TEXTS.csvToJsonFailed : CONVERSION_TEXTS.failedToConvertFile;
}

/**
 * Converts on the server: a file is uploaded (with progress) and stored, pasted JSON comes back as the
 * CSV (TSV, XLSX) bytes, pasted CSV as JSON text. Small inputs also get a preview made in the browser.
 */
export async function runConversion(
  request: ConversionRequest,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<ConversionOutcome> {
  const { mode, choices } = request;
  const { plan } = request;
  const fields = { ...optionFields(mode, choices), ...(plan ? { plan: planFieldText(plan) } : {}) };
  if (request.input === 'file') {
    const { file } = request;
    onProgress({ loaded: 0, total: file.size });
    const response = await convertFile(file, fields, onProgress, signal);
    const preview =
      file.size <= LOCAL_PREVIEW_MAX_BYTES ? await previewOf(await file.text(), mode, choices, plan) : null;
    return { kind: 'file', response, preview };
  }
  const { text } = request;
  if (mode === 'json-to-csv') {
    const converted = await convertText(text, fields);
    const shown = choices.outputFormat === 'xlsx' ? null : await converted.blob.text();
    const preview: PreviewSource | string =
      shown === null ? await previewOf(text, mode, choices, plan) : { text: shown, kind: 'csv' };
    return { kind: 'text', ...converted, text: shown, preview };
  }
  const delimiter = choices.delimiter === 'auto' ? undefined : delimiterChar(choices.delimiter);
  const json = await csvToJson(text, delimiter);
  return {
    kind: 'text',
    blob: new Blob([json], { type: 'application/json' }),
    fileName: 'converted.json',
    text: json,
    preview: { text: json, kind: 'json' },
  };
}
