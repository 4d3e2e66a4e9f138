import { type FormulaGuardSummary, QUICK_CONVERT_CSV } from '@unnest/contracts';
import { ConversionError, csvToJsonText, describeRepeatedKeys, jsonToCsvText } from '@unnest/engine';

/** Which way a quick conversion goes. */
export type QuickDirection = 'json-to-csv' | 'csv-to-json';

/** One conversion for the browser's engine: the text and which way. */
export interface QuickRequest {
  direction: QuickDirection;
  text: string;
}

/**
 * What the browser's engine made of the text: the output (and, from JSON, what the formula guard changed in
 * the CSV and the sentence saying which records held a key twice), or a `problem`, the engine's reason with its
 * position (`Unexpected '}' (line 2, column 9)`). The sentence is made here, so the page needs no engine.
 */
export type QuickBrowserResult =
  | { output: string; formulaGuard?: FormulaGuardSummary; duplicateKeys?: string }
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
    let duplicateKeys: string | undefined;
    const output = await jsonToCsvText(request.text, {
      ...QUICK_CONVERT_CSV,
      groupArrayColumns: true,
      onNotice: (notice) => {
        if (notice.kind === 'formula-guard') formulaGuard = { cells: notice.cells, examples: notice.examples };
        else if (notice.kind === 'duplicate-keys') duplicateKeys = describeRepeatedKeys(notice.repeated);
      },
    });
    return { output, formulaGuard, ...(duplicateKeys === undefined ? {} : { duplicateKeys }) };
  } catch (error) {
    if (error instanceof ConversionError) return { problem: error.describe() };
    throw error;
  }
}
