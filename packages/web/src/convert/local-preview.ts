import type { FlattenPlanDocument } from '@unnest/contracts';
import { checkFlattenPlan, csvToJsonText, jsonToCsvText, relationalToJson } from '@unnest/engine';
import { hasTables } from '../flatten-plan/plan-editing';
import { relationalTables } from '../flatten-plan/plan-preview';
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
  const options = {
    arrays: choices.arrays,
    excelSafe: choices.excelSafe,
    delimiter: choices.outputFormat === 'csv' ? delimiterChar(choices.delimiter) : undefined,
    format: choices.outputFormat === 'tsv' ? ('tsv' as const) : ('csv' as const),
  };
  // Relational output: the main table is what the preview shows (the own tables are in the download).
  if (plan !== undefined && hasTables(plan))
    return { text: (await relationalTables(input, plan, options)).main, kind: 'csv' };
  const text = await jsonToCsvText(input, {
    ...options,
    ...(plan === undefined ? {} : { plan: checkFlattenPlan(plan) }),
  });
  return { text, kind: 'csv' };
}

/** The JSON a relational ZIP reads back to, made in the browser for the preview. */
export async function relationalZipPreview(zip: Uint8Array): Promise<PreviewSource> {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of relationalToJson([zip])) chunks.push(decoder.decode(chunk, { stream: true }));
  chunks.push(decoder.decode());
  return { text: chunks.join(''), kind: 'json' };
}
