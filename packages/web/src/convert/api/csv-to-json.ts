import { CONVERSION_TEXTS, type CsvToJsonBody } from '@unnest/contracts';
import { apiFetch } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { jsonMemberText } from '../../lib/json-member-text';

/**
 * POST /api/convert/csv-to-json: CSV text in (with the formula guard taken off when `excelSafe`), the JSON
 * records out as text. The answer is read as
 * text and `data` is cut out as written, so big numbers keep every digit.
 */
export async function csvToJson(csv: string, delimiter: string | undefined, excelSafe: boolean): Promise<string> {
  const body: CsvToJsonBody = {
    csv_content: csv,
    output_format: 'json',
    ...(delimiter ? { delimiter } : {}),
    excel_safe: excelSafe,
  };
  const response = await apiFetch('/api/convert/csv-to-json', {
    method: 'POST',
    json: body,
    fallbackError: CONVERSION_TEXTS.csvToJsonFailed,
  });
  const data = jsonMemberText(await response.text(), 'data');
  if (data === undefined) throw new ApiError(response.status, CONVERSION_TEXTS.csvToJsonFailed, 'UNKNOWN');
  return data;
}
