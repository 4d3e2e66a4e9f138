import { type CellTypingReport, describeColumnType } from '@unnest/engine';

/** Columns named one per line; the rest are counted, so a table of thousands of columns does not flood the terminal. */
const MAX_COLUMN_LINES = 50;

/**
 * What the CLI says about typing: nothing when cells were typed one by one or kept as strings (as asked, or as
 * before); under per-column typing why, then each column's decision with its counts.
 */
export function typingLines(report: CellTypingReport): string[] {
  if (report.typing !== 'per-column') return [];
  const lines = [
    report.reason === 'every-cell-quoted'
      ? 'typed per column: every cell is quoted, so quoting says nothing about types (--types per-cell types only unquoted cells)'
      : 'typed per column, as asked:',
  ];
  for (const column of report.columns.slice(0, MAX_COLUMN_LINES)) lines.push(`  ${describeColumnType(column)}`);
  const more = report.columns.length - MAX_COLUMN_LINES;
  if (more > 0) lines.push(`  and ${more} more columns`);
  return lines;
}
