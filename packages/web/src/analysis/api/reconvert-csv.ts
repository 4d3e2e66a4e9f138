import { useQuery } from '@tanstack/react-query';
import { CONVERSION_TEXTS, type CsvToJsonBody, type FlattenPlanDocument } from '@unnest/contracts';
import { apiFetch } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { jsonMemberText } from '../../lib/json-member-text';

/**
 * POST /api/convert/csv-to-json with `csv_data`: the comparison's CSV read back to JSON (not counted as
 * a conversion). The records are cut out of the answer as written, so no digit is lost on the way.
 */
export async function reconvertCsv(
  csv: string,
  filename: string,
  written: { plan?: FlattenPlanDocument | undefined; excelSafe: boolean },
): Promise<string> {
  const { plan, excelSafe } = written;
  const body: CsvToJsonBody = {
    csv_data: csv,
    original_filename: filename,
    excel_safe: excelSafe,
    ...(plan ? { plan } : {}),
  };
  const response = await apiFetch('/api/convert/csv-to-json', {
    method: 'POST',
    json: body,
    fallbackError: CONVERSION_TEXTS.failedToReconvert,
  });
  const data = jsonMemberText(await response.text(), 'data');
  if (data === undefined) throw new ApiError(response.status, CONVERSION_TEXTS.failedToReconvert, 'UNKNOWN');
  return data;
}

/**
 * The reconverted JSON of one comparison (`key` names it); runs once the CSV is known, with the options it was
 * written with: under its flattening plan, if any, and the Spreadsheet-safe guard undone if it has it.
 */
export function useReconvertedJson(
  key: string,
  csv: string | undefined,
  filename: string,
  written: { plan?: FlattenPlanDocument | undefined; excelSafe: boolean },
) {
  return useQuery({
    queryKey: ['analysis', 'reconverted', key],
    queryFn: () => reconvertCsv(csv ?? '', filename, written),
    enabled: csv !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
