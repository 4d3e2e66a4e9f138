import { CONVERSION_TEXTS, type FlattenPlanDocument } from '@unnest/contracts';
import {
  type ConversionChoices,
  type ConversionMode,
  csvDialectFields,
  optionFields,
} from '../components/conversion-options';
import type { UploadProgress } from '../lib/upload-request';
import { convertFile } from './api/convert-file';
import { convertText } from './api/convert-text';
import { csvReading, csvToJson } from './api/csv-to-json';
import type { ConversionOutcome } from './conversion-outcome';
import { LOCAL_PREVIEW_MAX_BYTES, NO_JSON_NOTICES, type PreviewJob } from './local-preview';
import { jsonNoticesOf } from './local-work';
import { hasTables, planFieldText } from './plan-editing';

/** One conversion the user asked for: a chosen file or pasted text, the direction and the options. */
export type ConversionRequest = {
  mode: ConversionMode;
  choices: ConversionChoices;
  /** The flattening plan to convert JSON with (see the Flattening plan panel). */
  plan?: FlattenPlanDocument | null;
} & ({ input: 'file'; file: File } | { input: 'text'; text: string });

/** How an uploaded file's result is previewed: a relational ZIP read back, or the file converted here. */
function filePreview(
  file: File,
  mode: ConversionMode,
  choices: ConversionChoices,
  plan: FlattenPlanDocument | null | undefined,
): PreviewJob {
  if (mode === 'csv-to-json' && file.name.toLowerCase().endsWith('.zip')) return { kind: 'zip', zip: file };
  return { kind: 'convert', input: file, mode, choices, plan: plan ?? undefined };
}

/** The spec's message for a failed conversion of this kind when the server gives no detail. */
export function conversionFailureText(request: ConversionRequest): string {
  if (request.input === 'file') return CONVERSION_TEXTS.fileConversionFailed;
  return request.mode === 'csv-to-json' ? CONVERSION_TEXTS.csvToJsonFailed : CONVERSION_TEXTS.failedToConvertFile;
}

/**
 * Converts on the server: a file is uploaded (with progress) and stored, pasted JSON comes back as the
 * CSV (TSV, XLSX) bytes, pasted CSV as JSON text. The result comes with how its preview is made (in the
 * browser, off the page's thread for big inputs, once the result is shown); a file too big has none.
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
    const preview = file.size <= LOCAL_PREVIEW_MAX_BYTES ? filePreview(file, mode, choices, plan) : null;
    // A CSV file's answer says how it was read, as pasted CSV's does.
    const reading = response.dialect ? csvReading(response) : undefined;
    const found = {
      formulaGuard: response.formula_guard,
      duplicateKeys: response.duplicate_keys,
      loneSurrogates: response.lone_surrogates,
    };
    return { kind: 'file', response, preview, ...found, reading };
  }
  const { text } = request;
  if (mode === 'json-to-csv') {
    const converted = await convertText(text, fields);
    // An XLSX workbook or a ZIP of linked tables is not text to show: the preview is made in the browser.
    const shown = choices.outputFormat === 'xlsx' || hasTables(plan) ? null : await converted.blob.text();
    const preview: PreviewJob =
      shown === null
        ? { kind: 'convert', input: text, mode, choices, plan: plan ?? undefined }
        : { kind: 'text', text: shown, format: 'csv' };
    // The download answer is the bytes only: what the guard changed, keys held twice and lone surrogates are
    // found by the same engine here.
    const found = await jsonNoticesOf({ text, choices, plan: plan ?? undefined }).catch(() => NO_JSON_NOTICES);
    return { kind: 'text', ...converted, text: shown, preview, ...found };
  }
  const answer = await csvToJson(text, csvDialectFields(choices), choices.excelSafe);
  return {
    kind: 'text',
    blob: new Blob([answer.json], { type: 'application/json' }),
    fileName: choices.jsonLayout === 'lines' ? 'converted.jsonl' : 'converted.json',
    text: answer.json,
    preview: { kind: 'text', text: answer.json, format: 'json' },
    reading: answer,
    ...NO_JSON_NOTICES,
  };
}
