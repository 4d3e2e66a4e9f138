import type { CellTypingReport, DialectReport, Notice } from '@unnest/engine';

/** What the reader reported that a user needs to see: what it recovered from or left out, by line. */
export type CsvReadingNotice = Extract<
  Notice,
  { kind: 'stray-quote' | 'repeated-header' | 'second-table' | 'ragged-row' }
>;

/** How a CSV was read: its dialect, the notices (the first ones), and the columns of a header without rows. */
export interface CsvReading {
  dialect: DialectReport | null;
  /** How the cells were typed, with each column's decision under per-column typing. */
  columnTypes: CellTypingReport | null;
  notices: CsvReadingNotice[];
  noticesTotal: number;
  columns: string[] | null;
}

/** Notices kept in an answer, and ragged rows among them (a broken file has one per line). */
const MAX_NOTICES = 100;
const MAX_RAGGED = 10;

/** A reading filled in as the engine reports, through `onNotice`. */
export function csvReadingCollector(): { reading: CsvReading; onNotice: (notice: Notice) => void } {
  const reading: CsvReading = { dialect: null, columnTypes: null, notices: [], noticesTotal: 0, columns: null };
  let ragged = 0;
  const onNotice = (notice: Notice): void => {
    switch (notice.kind) {
      case 'dialect':
        reading.dialect = notice.dialect;
        break;
      case 'column-types': {
        const { kind: _, ...report } = notice;
        reading.columnTypes = report;
        break;
      }
      case 'no-records':
        reading.columns = notice.columns;
        break;
      case 'stray-quote':
      case 'repeated-header':
      case 'second-table':
      case 'ragged-row': {
        reading.noticesTotal++;
        if (notice.kind === 'ragged-row' && ++ragged > MAX_RAGGED) break;
        if (reading.notices.length < MAX_NOTICES) reading.notices.push(notice);
        break;
      }
      default:
        break;
    }
  };
  return { reading, onNotice };
}
