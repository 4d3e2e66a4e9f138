import type { FlattenPlanDocument } from '@unnest/contracts';
import { checkFlattenPlan, csvToJsonText, jsonToCsvText } from '@unnest/engine';
import { type ConversionChoices, type ConversionMode, delimiterChar } from './conversion-settings';

/** Inputs up to this size are previewed in the browser; bigger ones are only converted on the server. */
export const LOCAL_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

/** What the preview table reads: the result as CSV text, or as JSON text. */
export interface PreviewSource {
  text: string;
  kind: 'csv' | 'json';
}

/**
 * Converts the input in the browser with the same engine and options as the server, for the preview
 * of a result the server stored (an XLSX or a file result is not downloaded just to be previewed).
 */
export async function localPreview(
  input: string,
  mode: ConversionMode,
  choices: ConversionChoices,
  plan?: FlattenPlanDocument,
): Promise<PreviewSource> {
  if (mode === 'csv-to-json') {
    const delimiter = choices.delimiter === 'auto' ? undefined : delimiterChar(choices.delimiter);
    return { text: await csvToJsonText(input, delimiter ? { delimiter } : {}), kind: 'json' };
  }
  const text = await jsonToCsvText(input, {
    arrays: choices.arrays,
    excelSafe: choices.excelSafe,
    delimiter: choices.outputFormat === 'csv' ? delimiterChar(choices.delimiter) : undefined,
    format: choices.outputFormat === 'tsv' ? 'tsv' : 'csv',
    ...(plan === undefined ? {} : { plan: checkFlattenPlan(plan) }),
  });
  return { text, kind: 'csv' };
}
