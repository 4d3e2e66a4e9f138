import { type FormulaGuardSummary, QUICK_CONVERT_CSV } from '@unnest/contracts';
import {
  ConversionError,
  csvToJsonText,
  describeLoneSurrogates,
  describeRepeatedKeys,
  jsonToCsvText,
} from '@unnest/engine';

/** Which way a quick conversion goes. */
export type QuickDirection = 'json-to-csv' | 'csv-to-json';

/** One conversion for the browser's engine: the text and which way. */
export interface QuickRequest {
  direction: QuickDirection;
  text: string;
}

/**
 * What the browser's engine made of the text: the output (and, from JSON, what the formula guard changed in
 * the CSV and the sentences saying what the CSV could not keep as written: a key held twice, a lone surrogate),
 * or a `problem`, the engine's reason with its position (`Unexpected '}' (line 2, column 9)`). The sentences are
 * made here, so the page needs no engine.
 */
export type QuickBrowserResult =
  | { output: string; formulaGuard?: FormulaGuardSummary; warnings?: string[] }
  | { problem: string };

/**
 * Converts the text with the engine and the options the server's quick convert uses (JSON to CSV with
 * Spreadsheet-safe on and each array's columns together, as the web app sends `group_array_columns`; CSV to
 * JSON with every part of the dialect detected), so what the page shows as you type is what the server
 * would send. Run in the quick convert's worker, off the page's thread.
 */
export async function quickConversion(request: QuickRequest): Promise<QuickBrowserResult> {
  try {
    if (request.direction === 'csv-to-json') return { output: await csvToJsonText(request.text) };
    let formulaGuard: FormulaGuardSummary = { cells: 0, examples: [] };
    const warnings: string[] = [];
    const output = await jsonToCsvText(request.text, {
      ...QUICK_CONVERT_CSV,
      groupArrayColumns: true,
      onNotice: (notice) => {
        if (notice.kind === 'formula-guard') formulaGuard = { cells: notice.cells, examples: notice.examples };
        else if (notice.kind === 'duplicate-keys') warnings.push(describeRepeatedKeys(notice.repeated));
        else if (notice.kind === 'lone-surrogates') warnings.push(describeLoneSurrogates(notice));
      },
    });
    return { output, formulaGuard, ...(warnings.length === 0 ? {} : { warnings }) };
  } catch (error) {
    if (error instanceof ConversionError) return { problem: error.describe() };
    throw error;
  }
}
