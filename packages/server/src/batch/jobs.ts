import { Type } from 'typebox';
import { defineJob, type JobKind } from '../platform/jobs.js';
import { PLAN_CATALOGUE } from '../platform/plan-catalogue.js';
import type { BatchConverter } from './conversion.js';
import type { BatchService } from './service.js';

/**
 * One batch file's conversion, a job of its own so that any worker process takes it. Paid plans' files
 * go first (the plan's queue priority) and each user has at most the plan's number of files
 * converting at once across all workers (a group per user, its tier the plan). A worker that dies
 * stops its heartbeat; the job is then retried, and the converter starts the file again.
 */
export const BATCH_FILE = {
  name: 'batch.convert-file',
  payload: Type.Object({ fileId: Type.String({ format: 'uuid' }) }),
} satisfies JobKind;

/** The handler of BATCH_FILE. */
export function batchFileJob(converter: BatchConverter) {
  return defineJob({
    ...BATCH_FILE,
    retry: { limit: 10, delaySeconds: 5, backoff: true },
    expireInSeconds: 6 * 60 * 60,
    heartbeatSeconds: 30,
    // A batch is many short jobs: the next file starts as soon as one ends, not at the next poll.
    pickup: { pollingIntervalSeconds: 0.5, burst: true },
    groupConcurrency: {
      default: 1,
      tiers: Object.fromEntries(PLAN_CATALOGUE.map((plan) => [plan.id, plan.batchConcurrency])),
    },
    handle: async ({ fileId }) => {
      await converter.convert(fileId);
    },
  });
}

/**
 * Every minute: files whose worker stopped, or whose queue job was lost, go back to the queue; dead
 * uploads are removed. Idempotent.
 */
export function batchRecoveryJob(converter: BatchConverter, batch: BatchService) {
  return defineJob({
    name: 'batch.recover',
    payload: Type.Object({}),
    retry: { limit: 2, delaySeconds: 30, backoff: false },
    expireInSeconds: 10 * 60,
    schedule: { cron: '* * * * *', payload: {} },
    handle: async () => {
      await converter.recover();
      await batch.requeueLost();
    },
  });
}

/** Hourly: stored batch bytes whose job is gone (an account deleted with its jobs) are deleted. Idempotent. */
export function batchOrphansJob(batch: BatchService) {
  return defineJob({
    name: 'batch.sweep-orphans',
    payload: Type.Object({}),
    retry: { limit: 2, delaySeconds: 300, backoff: false },
    expireInSeconds: 30 * 60,
    schedule: { cron: '17 * * * *', payload: {} },
    handle: async () => {
      await batch.sweepOrphans();
    },
  });
}

/**
 * Every 5 minutes: jobs whose retention is over (counted from when each ended) are deleted with their
 * files, as single files are. Idempotent.
 */
export function batchRetentionJob(batch: BatchService) {
  return defineJob({
    name: 'batch.purge-expired',
    payload: Type.Object({}),
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    expireInSeconds: 15 * 60,
    schedule: { cron: '*/5 * * * *', payload: {} },
    handle: async () => {
      await batch.purgeExpired();
    },
  });
}
