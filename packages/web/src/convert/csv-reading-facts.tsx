import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CsvReadingNotice } from '@unnest/contracts';
import { describeColumnType } from '@unnest/engine';
import type { CsvReading } from './api/csv-to-json';

/** Columns whose typing is listed; a wide table's others are counted. */
const MAX_COLUMNS_LISTED = 50;

const NAMED: Record<string, string> = { '\t': 'tab', ' ': 'space' };
const shown = (text: string) => NAMED[text] ?? `“${text}”`;

function noticeText(notice: CsvReadingNotice): string {
  switch (notice.kind) {
    case 'stray-quote':
      return `Line ${notice.line}: a quote at column ${notice.column} was never closed as it should be; it was read as a character.`;
    case 'repeated-header':
      return `Line ${notice.line}: the header was written again; that row was left out.`;
    case 'second-table':
      return `Line ${notice.line}: a second table starts here; its ${notice.rows} rows were not read as records.`;
    case 'ragged-row':
      return `Line ${notice.line}: record ${notice.record} has ${notice.actual} cells, the header has ${notice.expected}.`;
  }
}

/** How the server read a CSV: the dialect it detected or was given, and what it recovered from, by line. */
export function CsvReadingFacts({ reading }: { reading: CsvReading }) {
  const { dialect, columnTypes, notices, noticesTotal, columns } = reading;
  const how = (part: string) => (dialect?.given.includes(part) ? '' : ' (detected)');
  return (
    <>
      {dialect && (
        <Typography variant="body2" data-testid="csv-dialect">
          Read with delimiter {shown(dialect.delimiter)}
          {how('delimiter')}, quote {shown(dialect.quote)}
          {how('quote')}, {dialect.escape === null ? 'no escape' : `escape ${shown(dialect.escape)}`}
          {how('escape')}, {dialect.skip_rows} row{dialect.skip_rows === 1 ? '' : 's'} skipped before the header
          {how('skip_rows')}, {dialect.header_rows} header row{dialect.header_rows === 1 ? '' : 's'}, encoding{' '}
          {dialect.encoding}. Confidence {Math.round(dialect.confidence * 100)}%.
        </Typography>
      )}
      {columnTypes?.typing === 'per-column' && (
        <Alert severity="info" data-testid="csv-column-types">
          {columnTypes.reason === 'every-cell-quoted'
            ? 'Typed per column: every cell is quoted, so quoting says nothing about types (choose Types: Per cell to type only unquoted cells).'
            : 'Typed per column, as chosen.'}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {columnTypes.columns.slice(0, MAX_COLUMNS_LISTED).map((column) => (
              <li key={column.name}>{describeColumnType(column)}</li>
            ))}
          </Box>
          {columnTypes.columns.length > MAX_COLUMNS_LISTED &&
            `And ${columnTypes.columns.length - MAX_COLUMNS_LISTED} more columns.`}
        </Alert>
      )}
      {columns && <Alert severity="info">The CSV has a header and no rows. Its columns: {columns.join(', ')}.</Alert>}
      {notices.length > 0 && (
        <Alert severity="warning">
          {notices.map((notice) => (
            <div key={`${notice.kind}:${notice.line}`}>{noticeText(notice)}</div>
          ))}
          {noticesTotal > notices.length && <div>{noticesTotal - notices.length} more not listed.</div>}
        </Alert>
      )}
    </>
  );
}
