import { isJsonNumber } from './json/json-scalars.js';
import { NOTED_EXAMPLES } from './table/noted-cells.js';

/**
 * The spreadsheet formula guard (`excelSafe`): json2csv writes a `'` before a text cell that a spreadsheet
 * would run as a formula, and csv2json with `excelSafe` drops it again. The rule, on the cell's text:
 *
 * - a text starting with `=`, `@`, tab or CR is always guarded;
 * - a text starting with `+` or `-` is guarded unless it is a JSON number (`-12.5`, `-1.5E-7`) or everything
 *   after the sign is a digit, a space or one of `. , ( ) / -` (`+49 30 1234567`, `-`, `+1 (555) 010-9999`).
 *   Such a cell holds no letter, quote, `!`, `|`, `:` or `[`: it can name no function, cell, range, sheet,
 *   file or program, so a spreadsheet can at most compute with the digits written in it. Anything else
 *   after the sign (`-abc`, `-A1`, `+1+cmd|'/C calc'!A0`, a non-ASCII character) is guarded;
 * - a text made of one or more `'` followed by a text the first two rules guard gets one more `'`, so that
 *   dropping one leading `'` from exactly the guarded cells gives every text back (`'=x` is written `''=x`).
 *
 * The same bytes decide in the writer (UTF-8 cells) and the reader; ASCII decides, so UTF-16 code units of a
 * header decide alike.
 */

/** Bytes allowed after a leading `+` or `-` in a cell that is not guarded: digits, space, `. , ( ) / -`. */
const PLAIN_AFTER_SIGN = new Uint8Array(128);
for (const c of '0123456789 .,()/-') PLAIN_AFTER_SIGN[c.charCodeAt(0)] = 1;

const APOSTROPHE = 0x27;

/** Whether a cell whose first byte is `first` can need the guard (a cheap test before `needsFormulaGuard`). */
export function mayNeedFormulaGuard(first: number): boolean {
  return (
    first === 0x3d ||
    first === 0x2b ||
    first === 0x2d ||
    first === 0x40 ||
    first === 0x09 ||
    first === 0x0d ||
    first === APOSTROPHE
  );
}

function signedValue(bytes: Uint8Array, start: number, end: number): boolean {
  for (let k = start + 1; k < end; k++) {
    const c = bytes[k] as number;
    if (c >= 0x80 || PLAIN_AFTER_SIGN[c] !== 1) return isJsonNumber(bytes, start, end);
  }
  return true;
}

/** Whether the text in [start, end) gets the guard `'` (see the rule above). */
export function needsFormulaGuard(bytes: Uint8Array, start: number, end: number): boolean {
  let at = start;
  while (at < end && bytes[at] === APOSTROPHE) at++;
  if (at === end) return false;
  const first = bytes[at];
  if (first === 0x3d || first === 0x40 || first === 0x09 || first === 0x0d) return true;
  if (first !== 0x2b && first !== 0x2d) return false;
  return !signedValue(bytes, at, end);
}

/** Whether the text in [start, end) starts with a guard `'` that csv2json with `excelSafe` drops. */
export function isFormulaGuarded(bytes: Uint8Array, start: number, end: number): boolean {
  return bytes[start] === APOSTROPHE && needsFormulaGuard(bytes, start + 1, end);
}

const encoder = new TextEncoder();

/** `text` with the guard `'` in front when the rule says so. */
export function guardFormula(text: string): string {
  const bytes = encoder.encode(text);
  return needsFormulaGuard(bytes, 0, bytes.length) ? `'${text}` : text;
}

/** Undoes guardFormula: drops the leading `'` of a guarded text. */
export function unguardFormula(text: string): string {
  const bytes = encoder.encode(text);
  return isFormulaGuarded(bytes, 0, bytes.length) ? text.slice(1) : text;
}

/** One guarded cell, as a report shows it: its column and its text before the guard. */
export interface GuardedCellExample {
  column: string;
  value: string;
}

/** How many cells the guard changed in one output, and the first examples. */
export interface FormulaGuardReport {
  cells: number;
  examples: GuardedCellExample[];
}

/** How many examples a report keeps. */
export const GUARD_EXAMPLES = NOTED_EXAMPLES;

/**
 * Guards the header names when `excelSafe`, and adds those it changed to `report` (the column is the name
 * itself, with `prefix` before it); returns the names to write.
 */
export function guardHeaders(
  headers: readonly string[],
  excelSafe: boolean,
  report: FormulaGuardReport,
  prefix = '',
): string[] {
  if (!excelSafe) return [...headers];
  return headers.map((header) => {
    const guarded = guardFormula(header);
    if (guarded !== header) {
      report.cells++;
      if (report.examples.length < GUARD_EXAMPLES) report.examples.push({ column: prefix + header, value: header });
    }
    return guarded;
  });
}
