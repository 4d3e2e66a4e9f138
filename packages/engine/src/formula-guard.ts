/**
 * The spreadsheet formula guard on text held as a string (header names): `excelSafe` json2csv writes a `'`
 * before text starting with `=` `+` `-` `@` tab or CR, and `excelSafe` csv2json drops it again. Data cells
 * get the same rule on their bytes (`CsvCellWriter`, `cellKind`).
 */

const FORMULA_STARTS = '=+-@\t\r';

function startsFormula(text: string, at: number): boolean {
  return text.length > at && FORMULA_STARTS.includes(text.charAt(at));
}

/** `text` with the guard `'` in front when a spreadsheet would run it as a formula. */
export function guardFormula(text: string): string {
  return startsFormula(text, 0) ? `'${text}` : text;
}

/** Undoes guardFormula: drops a leading `'` that stands before a formula start. */
export function unguardFormula(text: string): string {
  return text.charAt(0) === "'" && startsFormula(text, 1) ? text.slice(1) : text;
}
