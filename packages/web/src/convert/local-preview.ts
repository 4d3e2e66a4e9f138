import type { FlattenPlanDocument, FormulaGuardSummary } from '@unnest/contracts';
import {
  checkFlattenPlan,
  csvToJsonText,
  jsonToCsvText,
  jsonToRelational,
  type Notice,
  relationalToJson,
} from '@unnest/engine';
import { type ConversionChoices, type ConversionMode, delimiterChar } from '../components/conversion-options';
import { hasTables } from './plan-editing';
import { relationalTables } from './plan-preview';

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
    return {
      text: await csvToJsonText(input, {
        ...(delimiter ? { delimiter } : {}),
        ...(choices.types === 'auto' ? {} : { typing: choices.types }),
        excelSafe: choices.excelSafe,
      }),
      kind: 'json',
    };
  }
  const options = tableOptions(choices);
  // Relational output: the main table is what the preview shows (the own tables are in the download).
  if (plan !== undefined && hasTables(plan))
    return { text: (await relationalTables(input, plan, options)).main, kind: 'csv' };
  const text = await jsonToCsvText(input, {
    ...options,
    ...(plan === undefined ? {} : { plan: checkFlattenPlan(plan) }),
  });
  return { text, kind: 'csv' };
}

/** The engine options of a JSON to CSV (or TSV) conversion with these choices. */
function tableOptions(choices: ConversionChoices) {
  return {
    arrays: choices.arrays,
    excelSafe: choices.excelSafe,
    groupArrayColumns: choices.groupArrayColumns,
    delimiter: choices.outputFormat === 'csv' ? delimiterChar(choices.delimiter) : undefined,
    format: choices.outputFormat === 'tsv' ? ('tsv' as const) : ('csv' as const),
  };
}

/**
 * What the formula guard changes in this JSON with these choices, found by the same engine the server runs
 * (for pasted text, whose download answer carries only the bytes); null when the guard is off or the output
 * is XLSX, which has no formulas.
 */
export async function localFormulaGuard(
  input: string,
  choices: ConversionChoices,
  plan?: FlattenPlanDocument,
): Promise<FormulaGuardSummary | null> {
  if (!choices.excelSafe || choices.outputFormat === 'xlsx') return null;
  let found: FormulaGuardSummary | null = null;
  const onNotice = (notice: Notice) => {
    if (notice.kind === 'formula-guard') found = { cells: notice.cells, examples: notice.examples };
  };
  const options = { ...tableOptions(choices), onNotice };
  if (plan !== undefined && hasTables(plan)) {
    const bytes = new TextEncoder().encode(input);
    const written = jsonToRelational([bytes], { ...options, plan: checkFlattenPlan(plan, { relational: true }) });
    for await (const chunk of written) void chunk;
  } else {
    await jsonToCsvText(input, { ...options, ...(plan === undefined ? {} : { plan: checkFlattenPlan(plan) }) });
  }
  return found;
}

/** The JSON a relational ZIP reads back to, made in the browser for the preview. */
export async function relationalZipPreview(zip: Uint8Array): Promise<PreviewSource> {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of relationalToJson([zip])) chunks.push(decoder.decode(chunk, { stream: true }));
  chunks.push(decoder.decode());
  return { text: chunks.join(''), kind: 'json' };
}
