import {
  CONVERSION_TEXTS,
  type CsvColumnTypes,
  type CsvDialect,
  type CsvReadingNotice,
  type CsvToJsonBody,
} from '@unnest/contracts';
import type { CsvDialectFields } from '../../components/conversion-options';
import { apiFetch } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { jsonMemberText } from '../../lib/json-member-text';

/** How the server read a CSV: the dialect, what it recovered from, and the columns of a header without rows. */
export interface CsvReading {
  dialect: CsvDialect | undefined;
  /** How the cells were typed, with each column's decision under per-column typing. */
  columnTypes: CsvColumnTypes | undefined;
  notices: CsvReadingNotice[];
  noticesTotal: number;
  /** The columns of a header without rows. */
  columns: string[] | undefined;
}

/** The records as text, and how the server read the CSV. */
export interface CsvToJsonAnswer extends CsvReading {
  json: string;
}

/** The reading from the members a CSV conversion answers (pasted CSV or an uploaded file). */
export function csvReading(
  answer: {
    dialect?: CsvDialect;
    column_types?: CsvColumnTypes;
    notices?: CsvReadingNotice[];
    notices_total?: number;
  },
  columns?: string[],
): CsvReading {
  return {
    dialect: answer.dialect,
    columnTypes: answer.column_types,
    notices: answer.notices ?? [],
    noticesTotal: answer.notices_total ?? 0,
    columns,
  };
}

/**
 * POST /api/convert/csv-to-json: CSV text in (with the formula guard taken off when `excelSafe`), the JSON
 * records out as text. The answer is read as text and `data` is cut out as written, so big numbers keep
 * every digit; how the CSV was read is parsed from the rest.
 */
export async function csvToJson(csv: string, dialect: CsvDialectFields, excelSafe: boolean): Promise<CsvToJsonAnswer> {
  const body: CsvToJsonBody = { csv_content: csv, output_format: 'json', ...dialect, excel_safe: excelSafe };
  const response = await apiFetch('/api/convert/csv-to-json', {
    method: 'POST',
    json: body,
    fallbackError: CONVERSION_TEXTS.csvToJsonFailed,
  });
  const text = await response.text();
  const data = jsonMemberText(text, 'data');
  if (data === undefined) throw new ApiError(response.status, CONVERSION_TEXTS.csvToJsonFailed, 'UNKNOWN');
  const reading = JSON.parse(text) as Parameters<typeof csvReading>[0] & { columns?: string[] };
  // JSON Lines are no one JSON value: the answer holds them as one string.
  const json = dialect.ndjson === true ? (JSON.parse(data) as string) : data;
  return { json, ...csvReading(reading, reading.columns) };
}
