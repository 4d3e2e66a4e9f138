import type { FlattenPlanDocument } from '@unnest/contracts';

/**
 * What the comparison dialog compares: a stored file (from My Files, or a file just converted), or
 * the JSON text and CSV the converter holds. `key` names it in the query cache.
 */
export type ComparisonSource =
  | { kind: 'file'; key: string; fileId: string; filename: string }
  | {
      kind: 'text';
      key: string;
      originalJson: string;
      csv: string;
      filename: string;
      /** The flattening plan the CSV was written with: it is read back under it. */
      plan?: FlattenPlanDocument;
      /** The CSV was written with Spreadsheet-safe: it is read back with the guard undone. */
      excelSafe: boolean;
    };

/** A stored file to compare; its id names it, so reopening the dialog shows the analysis already made. */
export function fileComparisonSource(fileId: string, filename: string): ComparisonSource {
  return { kind: 'file', key: `file:${fileId}`, fileId, filename };
}

let textSources = 0;

/**
 * Texts in hand to compare, with the options the CSV was written with; each call is a new comparison (texts
 * are too big to name themselves).
 */
export function textComparisonSource(
  originalJson: string,
  csv: string,
  filename: string,
  written: { plan?: FlattenPlanDocument | undefined; excelSafe: boolean },
): ComparisonSource {
  textSources += 1;
  const { plan, excelSafe } = written;
  return {
    kind: 'text',
    key: `text:${textSources}`,
    originalJson,
    csv,
    filename,
    excelSafe,
    ...(plan ? { plan } : {}),
  };
}
