import { type PreviewTable, type TextTableTask, tableOfText } from './preview-rows';
import { offMainThread } from './worker-task';

/**
 * Inputs up to this size (characters of text, bytes of a file) are worked on by the engine on the page's thread,
 * where it takes a few tens of milliseconds; bigger ones in a worker, so the page never stalls.
 */
export const INLINE_WORK_MAX_SIZE = 256 * 1024;

/** The first rows of a result text, made off the page's thread when the text is long. */
export function previewTable(task: TextTableTask, signal?: AbortSignal): Promise<PreviewTable> {
  if (task.text.length <= INLINE_WORK_MAX_SIZE) return tableOfText(task);
  return offMainThread(
    () => new Worker(new URL('./preview-table.worker.ts', import.meta.url), { type: 'module' }),
    tableOfText,
    task,
    signal,
  );
}
