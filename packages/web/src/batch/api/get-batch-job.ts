import type { BatchJob } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { BATCH_STATUS_FAILED } from './get-batch-status';

/** GET /api/batch/job/{id}: one job of the history with its files (View Results). */
export function getBatchJob(jobId: string): Promise<BatchJob> {
  return apiJson<BatchJob>(`/api/batch/job/${encodeURIComponent(jobId)}`, { fallbackError: BATCH_STATUS_FAILED });
}
