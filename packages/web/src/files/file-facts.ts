import { comparableSize, type FileRecord } from '@unnest/contracts';
import { formatDateTime } from '../lib/format-date';

/** Why a file cannot be compared (spec 4: converted JSON to CSV files under 20 MB), or null when it can. */
export function notComparable(file: FileRecord): string | null {
  if (file.status !== 'converted') return 'Only converted files can be compared';
  if (file.input_format !== 'json' || (file.output_format !== 'csv' && file.output_format !== 'tsv')) {
    return 'Only JSON to CSV conversions can be compared';
  }
  if (!comparableSize(file.original_size) || !comparableSize(file.size))
    return 'Only files under 20 MB can be compared';
  return null;
}

/** How long a file is kept, under which plan's rule. */
export function retentionLabel(file: FileRecord): string {
  const kind = file.retention_type === 'premium' ? 'Premium' : 'Free';
  if (!file.expires_at) return `${kind} · kept until deleted`;
  return `${kind} · until ${formatDateTime(file.expires_at)}`;
}

/** A file can be downloaded once converted, or as stored when it was kept without converting. */
export function downloadable(file: FileRecord): boolean {
  return file.status === 'converted' || file.status === 'uploaded';
}
