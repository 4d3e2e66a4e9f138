import { describeLoneSurrogates, describeRepeatedKeys, type Notice } from '@unnest/engine';
import { describeDialect } from './dialect-text.js';
import { leftOutText } from './report-text.js';
import { typingLines } from './typing-text.js';

const MAX_RAGGED_REPORTS = 10;

/** What the formula guard changed, said once: how many cells, two examples, and how to undo or avoid it. */
export function formulaGuardLine(cells: number, examples: readonly { column: string; value: string }[]): string {
  const shown = examples.map((example) => `${example.column}: ${JSON.stringify(example.value)}`).join(', ');
  return `--excel-safe put a ' before ${cells} ${cells === 1 ? 'cell' : 'cells'} a spreadsheet would run as a formula (${shown}); csv2json --excel-safe takes it off again`;
}

/** Prints what the engine noticed, one line each; ragged rows are capped so a broken file does not flood the terminal. */
export function noticePrinter(say: (line: string) => void): { onNotice: (notice: Notice) => void; finish: () => void } {
  let ragged = 0;
  return {
    onNotice(notice) {
      switch (notice.kind) {
        case 'records-path':
          say(`records found at '${notice.path}'`);
          break;
        case 'key-column':
          say(`map keys in the column '${notice.name}', as the records have a field named 'key'`);
          break;
        case 'left-out':
          say(leftOutText(notice));
          break;
        case 'duplicate-keys':
          say(describeRepeatedKeys(notice.repeated));
          break;
        case 'encoding':
          if (notice.encoding !== 'utf-8') say(`input read as ${notice.encoding}`);
          break;
        case 'dialect':
          say(describeDialect(notice.dialect));
          break;
        case 'column-types':
          for (const line of typingLines(notice)) say(line);
          break;
        case 'stray-quote':
          say(
            `line ${notice.line}: a quote at column ${notice.column} is never closed as it should be; read as a literal '"'`,
          );
          break;
        case 'repeated-header':
          say(`line ${notice.line}: the header written again, left out`);
          break;
        case 'second-table':
          say(
            `line ${notice.line}: a second table starts here; the records end before it (${notice.rows} rows from this line not read)`,
          );
          break;
        case 'no-records':
          say(`the CSV has a header and no rows: the JSON is empty; its columns: ${notice.columns.join(', ')}`);
          break;
        case 'duplicate-header':
          say(`duplicate column '${notice.name}' renamed to '${notice.renamedTo}'`);
          break;
        case 'formula-guard':
          if (notice.cells > 0) say(formulaGuardLine(notice.cells, notice.examples));
          break;
        case 'lone-surrogates':
          say(describeLoneSurrogates(notice));
          break;
        case 'ragged-row':
          ragged += 1;
          if (ragged <= MAX_RAGGED_REPORTS) {
            say(
              `line ${notice.line}: record ${notice.record} has ${notice.actual} cells, the header has ${notice.expected}`,
            );
          }
          break;
        default:
          break;
      }
    },
    finish() {
      if (ragged > MAX_RAGGED_REPORTS) say(`${ragged - MAX_RAGGED_REPORTS} more rows with a different cell count`);
    },
  };
}
