import Typography from '@mui/material/Typography';
import type { FormulaGuardSummary } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';

function examplesText(summary: FormulaGuardSummary): string {
  return summary.examples.map((example) => `${example.column}: ${JSON.stringify(example.value)}`).join(' and ');
}

/**
 * How many cells Spreadsheet-safe changed in a result, with two of them: said on the converter's result card
 * and under the quick convert's CSV.
 */
export function GuardedCellsText({ summary }: { summary: FormulaGuardSummary }) {
  if (summary.cells === 0) {
    return <Typography variant="body2">Spreadsheet-safe changed no cell: none starts like a formula.</Typography>;
  }
  return (
    <Typography variant="body2">
      Spreadsheet-safe put a ' before {formatCount(summary.cells)}{' '}
      {summary.cells === 1 ? 'cell that a spreadsheet would run' : 'cells that a spreadsheet would run'} as a formula,
      for example {examplesText(summary)}. Numbers and phone numbers such as +49 30 1234567 stay as they are.
    </Typography>
  );
}
