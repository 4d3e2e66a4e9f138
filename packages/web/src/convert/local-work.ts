import type { PreviewTable } from '../lib/preview-rows';
import { INLINE_WORK_MAX_SIZE } from '../lib/preview-table';
import { offMainThread } from '../lib/worker-task';
import type { ConversionOutcome } from './conversion-outcome';
import { convertLive, type LiveRequest } from './live-conversion';
import {
  type JsonNotices,
  type JsonNoticesTask,
  localJsonNotices,
  type PreviewJob,
  previewJobSize,
  tableOfJob,
} from './local-preview';
import { type PlanPreview, type PlanPreviewTask, previewPlanTask } from './plan-preview';

/** The first rows of a result (see `PreviewJob`), made in a worker when the input is big. */
export function resultTable(job: PreviewJob, signal: AbortSignal): Promise<PreviewTable> {
  if (previewJobSize(job) <= INLINE_WORK_MAX_SIZE) return tableOfJob(job);
  return offMainThread(
    () => new Worker(new URL('./result-table.worker.ts', import.meta.url), { type: 'module' }),
    tableOfJob,
    job,
    signal,
  );
}

/** What converting pasted JSON says besides its bytes (see `localJsonNotices`), found in a worker when it is long. */
export function jsonNoticesOf(task: JsonNoticesTask): Promise<JsonNotices> {
  if (task.text.length <= INLINE_WORK_MAX_SIZE) return localJsonNotices(task);
  return offMainThread(
    () => new Worker(new URL('./json-notices.worker.ts', import.meta.url), { type: 'module' }),
    localJsonNotices,
    task,
  );
}

/** Pasted text converted as it is typed (see `convertLive`), in a worker: typing never waits for the engine. */
export function liveConversion(
  request: LiveRequest,
  signal: AbortSignal,
): Promise<ConversionOutcome & { kind: 'live' }> {
  return offMainThread(
    () => new Worker(new URL('./live-conversion.worker.ts', import.meta.url), { type: 'module' }),
    convertLive,
    request,
    signal,
  );
}

/** The table a flattening plan gives on the input (see `previewUnderPlan`), made in a worker when the input is big. */
export function planPreview(task: PlanPreviewTask, signal: AbortSignal): Promise<PlanPreview> {
  if (task.json.length <= INLINE_WORK_MAX_SIZE) return previewPlanTask(task);
  return offMainThread(
    () => new Worker(new URL('./plan-preview.worker.ts', import.meta.url), { type: 'module' }),
    previewPlanTask,
    task,
    signal,
  );
}
