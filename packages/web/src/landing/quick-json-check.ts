import { type FormulaGuardSummary, QUICK_CONVERT_CSV } from '@unnest/contracts';

/** The pasted JSON as the browser's engine converts it: the CSV and what the formula guard changed in it. */
export interface QuickLocalCsv {
  csv: string;
  formulaGuard: FormulaGuardSummary;
}

/**
 * Converts pasted JSON in the browser with the engine and the options the server's quick convert uses, so
 * that a typo costs no quick conversion and the guarded cells can be counted: a `problem` is the engine's
 * reason with its position (`Unexpected '}' (line 2, column 9)`). The engine is loaded on first use.
 */
export async function quickJsonCheck(json: string): Promise<{ problem: string } | QuickLocalCsv> {
  const { ConversionError, jsonToCsvText } = await import('@unnest/engine');
  let formulaGuard: FormulaGuardSummary = { cells: 0, examples: [] };
  try {
    const csv = await jsonToCsvText(json, {
      ...QUICK_CONVERT_CSV,
      onNotice: (notice) => {
        if (notice.kind === 'formula-guard') formulaGuard = { cells: notice.cells, examples: notice.examples };
      },
    });
    return { csv, formulaGuard };
  } catch (error) {
    if (error instanceof ConversionError) return { problem: error.describe() };
    throw error;
  }
}
