import type { NotedCellsReport } from './noted-cells.js';

/** The sentence every face shows for strings whose lone surrogate escapes were written as U+FFFD. */
export function describeLoneSurrogates({ cells, examples }: NotedCellsReport): string {
  const strings = cells === 1 ? '1 string holds' : `${cells.toLocaleString('en-US')} strings hold`;
  const shown = examples.map((example) => `${example.column}: "${example.value}"`).join(', ');
  return `${strings} a lone surrogate escape (half of a character such as an emoji), which UTF-8 cannot hold: written with U+FFFD (\u{FFFD}) in its place (${shown}).`;
}
