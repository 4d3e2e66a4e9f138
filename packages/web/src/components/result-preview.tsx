import { useMemo } from 'react';
import { PREVIEW_ROWS, type TextTableTask } from '../lib/preview-rows';
import { previewTable } from '../lib/preview-table';
import { useLoadedTable } from '../lib/use-loaded-table';
import { PreviewTableView } from './preview-table-view';

/**
 * A table of the first rows of a CSV/TSV or JSON result, every value shown exactly as in the file; a long
 * text is read in a worker, so showing it never stalls the page.
 */
export default function ResultPreview({
  text,
  kind,
  label = 'Result preview',
}: {
  text: string;
  kind: 'csv' | 'json';
  /** The scrollable table's name, when a page shows more than one. */
  label?: string;
}) {
  const task = useMemo<TextTableTask>(() => ({ text, kind, limit: PREVIEW_ROWS }), [text, kind]);
  const table = useLoadedTable(task, previewTable);
  return <PreviewTableView state={table} label={label} />;
}
