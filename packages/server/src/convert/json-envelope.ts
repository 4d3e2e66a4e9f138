import type { CsvColumnTypes, CsvDialect } from '@unnest/contracts';
import type { CsvReading, CsvReadingNotice } from '../platform/csv-reading.js';

const OPEN = Buffer.from('{"data":');
const MIDDLE = Buffer.from(',"json_data":');
const CLOSE = Buffer.from('}');

/**
 * `{"data": <json>, "json_data": <json>}` written around the engine's JSON bytes as they are. Parsing
 * and re-serialising would turn 12345678901234567890 into 12345678901234567000. JSON Lines (`lines`) are
 * no one JSON value: they go in as one string, whose text is the lines exactly.
 */
export function csvToJsonEnvelope(json: Buffer, reading?: CsvReading, lines = false): Buffer {
  const value = lines ? Buffer.from(JSON.stringify(json.toString('utf8'))) : json;
  const members = reading === undefined ? [] : [Buffer.from(readingMembers(reading))];
  return Buffer.concat([OPEN, value, MIDDLE, value, ...members, CLOSE]);
}

/** `,"dialect":…,"notices":[…],"notices_total":N` and `,"columns":[…]` for a header without rows. */
function readingMembers(reading: CsvReading): string {
  const members: Record<string, unknown> = readingFields(reading);
  if (reading.columns !== null) members.columns = reading.columns;
  return `,${JSON.stringify(members).slice(1, -1)}`;
}

/** How a CSV was read, as the API answers it: the dialect (when known), the notices and their total. */
export function readingFields(reading: CsvReading): {
  dialect?: CsvDialect;
  column_types?: CsvColumnTypes;
  notices: CsvReadingNotice[];
  notices_total: number;
} {
  const { dialect } = reading;
  return {
    ...(dialect === null
      ? {}
      : {
          dialect: {
            delimiter: dialect.delimiter,
            quote: dialect.quote,
            escape: dialect.escape,
            skip_rows: dialect.skipRows,
            header_rows: dialect.headerRows,
            encoding: dialect.encoding,
            confidence: dialect.confidence,
            given: dialect.given.map((part) =>
              part === 'skipRows' ? 'skip_rows' : part === 'headerRows' ? 'header_rows' : part,
            ),
          },
        }),
    ...(reading.columnTypes === null ? {} : { column_types: reading.columnTypes }),
    notices: reading.notices,
    notices_total: reading.noticesTotal,
  };
}
