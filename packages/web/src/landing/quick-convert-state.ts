import { CONVERSION_TEXTS, type FormulaGuardSummary } from '@unnest/contracts';
import type { QuickConvertStanding } from './api/convert-simple';
import type { QuickBrowserResult, QuickDirection } from './quick-conversion';

/**
 * Inputs up to this size convert as you type, in the browser (a Web Worker converts 100 KB in well under a
 * tenth of a second here); bigger ones, up to the server's 512 KB, convert when Convert is pressed.
 */
export const LIVE_MAX_BYTES = 100 * 1024;
/**
 * The input's and the output's height in lines: fixed, so the two sides line up, and the input is a plain
 * text area, since one that fits its height to its text lays all of it out again on every keystroke.
 */
export const QUICK_TEXT_ROWS = 12;
/** How long typing must pause before the browser converts. */
export const LIVE_DELAY_MS = 300;

/** A conversion shown on the page, and the input revision it was made from. */
export interface QuickResult {
  revision: number;
  direction: QuickDirection;
  text: string;
  /**
   * `browser`: converted as you type, costing no conversion; `server`: what Convert sent back, counted in the
   * address's 3 a day, and what Download saves.
   */
  by: 'browser' | 'server';
  /** What Spreadsheet-safe changed (JSON to CSV), when the browser counted it in this very CSV. */
  formulaGuard: FormulaGuardSummary | undefined;
  /**
   * Sentences saying what the CSV could not keep as the JSON wrote it (a key held twice, a lone surrogate),
   * found the same way; empty when nothing.
   */
  warnings: readonly string[];
  /** The CSV the table preview shows: the CSV written (JSON to CSV) or the CSV read (CSV to JSON). */
  table: string;
}

/** The quick convert's state; every change goes through `quickConvertReducer`. */
export interface QuickState {
  input: string;
  /** The input's size in UTF-8 bytes, as the server counts it. */
  bytes: number;
  /** Counts the input's changes (text or direction), so a late answer for an older input is dropped. */
  revision: number;
  direction: QuickDirection;
  /** The direction was read from the file name or the content; a person's choice sticks until the box is cleared. */
  detected: boolean;
  /** The dropped file's name, which the download's is made from. */
  fileName: string | undefined;
  /** How the dropped file was read when it was not plain UTF-8 (its encoding), shown while its text is. */
  fileNote: string | undefined;
  result: QuickResult | undefined;
  /** Why the browser's engine cannot convert the input, with its position; `refusedSend` when Convert was held back. */
  problem: { text: string; revision: number; refusedSend: boolean } | undefined;
  /** What is wrong before any conversion: nothing pasted, a file too big. */
  notice: string | undefined;
  /** Convert pressed: the browser's check, then the server's conversion, under way. */
  sending: boolean;
  /** Counts the server's results, so the page moves focus to each new one (never while typing). */
  arrivals: number;
  standing: QuickConvertStanding | undefined;
  serverError: string | undefined;
}

export type QuickAction =
  | { type: 'edit'; text: string }
  | { type: 'file'; name: string; text: string; note?: string }
  | { type: 'notice'; message: string }
  | { type: 'direction'; direction: QuickDirection }
  | { type: 'converted'; revision: number; result: QuickBrowserResult; sending?: boolean }
  | { type: 'sending' }
  | { type: 'sent'; revision: number; text: string; standing: QuickConvertStanding | undefined }
  | { type: 'send-failed'; message: string; standing: QuickConvertStanding | undefined }
  | { type: 'limit-lifted' };

export const initialQuickState: QuickState = {
  input: '',
  bytes: 0,
  revision: 0,
  direction: 'json-to-csv',
  detected: true,
  fileName: undefined,
  fileNote: undefined,
  result: undefined,
  problem: undefined,
  notice: undefined,
  sending: false,
  arrivals: 0,
  standing: undefined,
  serverError: undefined,
};

/** Which way a text goes: by its file's extension, else JSON when it starts with `{` or `[`; none when blank. */
export function directionOf(text: string, fileName?: string): QuickDirection | undefined {
  const extension = /\.([a-z]+)$/.exec(fileName?.toLowerCase() ?? '')?.[1];
  if (extension === 'csv' || extension === 'tsv') return 'csv-to-json';
  if (extension === 'json' || extension === 'jsonl' || extension === 'ndjson') return 'json-to-csv';
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  if (first === undefined) return undefined;
  return first === '{' || first === '[' ? 'json-to-csv' : 'csv-to-json';
}

/** The input's format and the output's, as a person names them. */
export function formatsOf(direction: QuickDirection): { input: 'JSON' | 'CSV'; output: 'JSON' | 'CSV' } {
  return direction === 'json-to-csv' ? { input: 'JSON', output: 'CSV' } : { input: 'CSV', output: 'JSON' };
}

/** The download's name: the dropped file's with the output's extension, else `converted.csv` or `.json`. */
export function downloadName(state: Pick<QuickState, 'fileName' | 'direction'>): string {
  const extension = formatsOf(state.direction).output.toLowerCase();
  const base = state.fileName?.replace(/\.[^.]*$/, '') || 'converted';
  return `${base}.${extension}`;
}

/** A new input (typed, pasted or dropped): older results go unless the new text converts as you type. */
function withInput(
  state: QuickState,
  text: string,
  fileName: string | undefined,
  fileNote: string | undefined,
): QuickState {
  const bytes = new TextEncoder().encode(text).length;
  // Clearing the box hands the direction back to detection.
  const detected = state.detected || text.trim() === '';
  const direction = detected ? (directionOf(text, fileName) ?? state.direction) : state.direction;
  // While typing, the last result stays until the next replaces it (no flicker); one that no typing will
  // replace (the input too big to convert as you type, empty, or going the other way) goes now.
  const keep = bytes > 0 && bytes <= LIVE_MAX_BYTES && direction === state.direction;
  return {
    ...state,
    input: text,
    bytes,
    revision: state.revision + 1,
    direction,
    detected,
    // A cleared box forgets the dropped file: the next download is no longer named after it.
    fileName: text.trim() === '' ? undefined : fileName,
    fileNote: text.trim() === '' ? undefined : fileNote,
    result: keep ? state.result : undefined,
    problem: keep ? state.problem : undefined,
    notice: undefined,
    serverError: undefined,
  };
}

/** The CSV side of a conversion of the current input. */
function tableOf(state: QuickState, output: string): string {
  return state.direction === 'json-to-csv' ? output : state.input;
}

/** The quick convert's state changes; pure, so every rule is tested without the DOM. */
export function quickConvertReducer(state: QuickState, action: QuickAction): QuickState {
  switch (action.type) {
    case 'edit':
      return withInput(state, action.text, state.fileName, state.fileNote);
    case 'file':
      return withInput({ ...state, detected: true }, action.text, action.name, action.note);
    case 'notice':
      return { ...state, notice: action.message };
    case 'direction':
      if (action.direction === state.direction) return state;
      return {
        ...state,
        direction: action.direction,
        detected: false,
        revision: state.revision + 1,
        result: undefined,
        problem: undefined,
        serverError: undefined,
      };
    case 'converted': {
      // A late answer for an older input, or for one the server has converted already, shows nothing; a
      // problem found before sending still ends that Convert (nothing was sent).
      if (action.revision !== state.revision || state.result?.by === 'server') {
        return action.sending && 'problem' in action.result ? { ...state, sending: false } : state;
      }
      if ('problem' in action.result) {
        return {
          ...state,
          result: undefined,
          problem: {
            text: action.result.problem,
            revision: action.revision,
            // The same problem found again as you type still held that Convert back.
            refusedSend:
              action.sending === true || (state.problem?.revision === action.revision && state.problem.refusedSend),
          },
          sending: false,
        };
      }
      const result: QuickResult = {
        revision: action.revision,
        direction: state.direction,
        text: action.result.output,
        by: 'browser',
        formulaGuard: action.result.formulaGuard,
        warnings: action.result.warnings ?? [],
        table: tableOf(state, action.result.output),
      };
      return { ...state, result, problem: undefined };
    }
    case 'sending':
      return { ...state, sending: true, notice: undefined, serverError: undefined };
    case 'sent': {
      const standing = action.standing ?? state.standing;
      if (action.revision !== state.revision) return { ...state, sending: false, standing };
      // The browser's count holds only if its CSV is the one the server sent (the same engine version).
      const counted = state.result?.revision === action.revision && state.result.text === action.text;
      const result: QuickResult = {
        revision: action.revision,
        direction: state.direction,
        text: action.text,
        by: 'server',
        formulaGuard: counted ? state.result?.formulaGuard : undefined,
        warnings: counted ? (state.result?.warnings ?? []) : [],
        table: tableOf(state, action.text),
      };
      return { ...state, sending: false, standing, result, problem: undefined, arrivals: state.arrivals + 1 };
    }
    case 'send-failed':
      return { ...state, sending: false, serverError: action.message, standing: action.standing ?? state.standing };
    case 'limit-lifted':
      return { ...state, standing: undefined };
  }
}

/** What Convert says when nothing is there to convert (the spec's text for JSON). */
export function emptyInputText(direction: QuickDirection): string {
  return direction === 'json-to-csv' ? CONVERSION_TEXTS.emptyQuickConvert : CONVERSION_TEXTS.emptyCsvText;
}

/** The sentence for a problem the browser found: the engine's reason, and whether anything was sent. */
export function problemText(direction: QuickDirection, problem: NonNullable<QuickState['problem']>): string {
  const reason = `This is not ${formatsOf(direction).input} the converter can read: ${problem.text}.`;
  return problem.refusedSend ? `${reason} Nothing was sent, so no conversion was used.` : reason;
}

/** What the output side says before there is any output. */
export function waitingText(direction: QuickDirection): string {
  return `The ${formatsOf(direction).output} appears here as you type.`;
}
