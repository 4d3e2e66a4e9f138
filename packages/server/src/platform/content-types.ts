/** Content-Type of each stored format. */
export const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
  zip: 'application/zip',
};

/** The Content-Type for a format, or a neutral binary type. */
export function contentTypeFor(format: string): string {
  return CONTENT_TYPES[format] ?? 'application/octet-stream';
}
