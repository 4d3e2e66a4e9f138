/** Where a table's header and records begin and end: stacked header rows, a repeated header, a second table. */

const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Whether a cell's text is a JSON number literal (as the reader types it). */
export function isNumberText(text: string): boolean {
  return NUMBER_TEXT.test(text);
}

/**
 * One name per column from stacked header rows: each column's non-empty parts, top to bottom, joined with a
 * space. An empty cell in an upper row takes the name to its left, as a cell merged across columns is written
 * (`Sales,,` over `2023,2024,` gives `Sales 2023`, `Sales 2024`).
 */
export function stackedHeaderNames(rows: readonly string[][]): string[] {
  if (rows.length === 1) return [...(rows[0] ?? [])];
  const width = Math.max(...rows.map((row) => row.length));
  const names: string[][] = Array.from({ length: width }, () => []);
  rows.forEach((row, r) => {
    let carried = '';
    for (let c = 0; c < width; c++) {
      let cell = (row[c] ?? '').trim();
      if (cell === '' && r < rows.length - 1) cell = carried;
      else carried = cell;
      if (cell !== '') names[c]?.push(cell);
    }
  });
  return names.map((parts) => parts.join(' '));
}

/**
 * Whether a row equal to this header is the header written again rather than a record that happens to hold
 * the same text: the header has two names or more, every one filled in, and not all numbers.
 */
export function isRepeatableHeader(names: readonly string[]): boolean {
  return names.length >= 2 && names.every((name) => name.trim() !== '') && !names.every(isNumberText);
}

export function sameNames(row: readonly string[], names: readonly string[]): boolean {
  return row.length === names.length && row.every((cell, c) => cell === names[c]);
}

/**
 * Whether a row after a blank line is the header of a new table rather than a record: every cell is filled
 * and none is a number, and either its width differs from the table's or it has text where the first record
 * had a number.
 */
export function looksLikeNewHeader(
  row: readonly string[],
  columns: number,
  numericColumns: readonly boolean[],
): boolean {
  if (row.length < 2) return false;
  for (const cell of row) if (cell.trim() === '' || isNumberText(cell)) return false;
  if (row.length !== columns) return true;
  return numericColumns.some((numeric) => numeric);
}
