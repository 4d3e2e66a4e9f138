import type { AnalysisService } from '../analysis/service.js';
import type { ConversionRecorder } from '../audit/service.js';
import { conversionTimeLimit } from '../convert/service.js';
import type { FilesService } from '../files/service.js';
import type { Accounts } from '../platform/account.js';
import type { FeatureModule, ModuleContext } from '../platform/module-context.js';
import { BatchConverter, type QueuedFile } from './conversion.js';
import { BatchIntake } from './intake.js';
import { BATCH_FILE, batchFileJob, batchOrphansJob, batchRecoveryJob, batchRetentionJob } from './jobs.js';
import { BatchQuality } from './quality.js';
import { BatchRepository } from './repository.js';
import { batchRoutes } from './routes.js';
import { BatchService } from './service.js';
import { THIS_WORKER } from './worker-identity.js';

/** Batch jobs: many files converted by the queue's workers, with their quality report. */
export interface BatchModule extends FeatureModule {
  /** List, status and cancel (also what the jobs API serves). */
  batch: BatchService;
  /** Stores an upload and queues it as a job (the jobs API's asynchronous conversions too). */
  intake: BatchIntake;
  /** Puts the files a dead worker of this host held back in the queue; once the queue runs. */
  recoverAbandoned(): Promise<void>;
}

export function batchModule(
  context: ModuleContext,
  needs: {
    files: FilesService;
    accounts: Accounts;
    recorder: ConversionRecorder;
    analysis: AnalysisService;
  },
): BatchModule {
  const { config, storage, clock, log, queue, inFlight } = context;
  const { accounts, recorder } = needs;
  const pool = context.conversionPool;
  const repository = new BatchRepository(context.database.db);
  // The account is the job's group (its share of the plan's slots across workers).
  const enqueue = async (file: QueuedFile) => {
    await queue.send(
      BATCH_FILE,
      { fileId: file.fileId },
      { priority: file.priority, group: { id: file.userId, tier: file.tier } },
    );
  };
  const batch = new BatchService({
    repository,
    storage,
    files: needs.files,
    events: context.events,
    recorder,
    clock,
    log,
    enqueue,
    isQueued: (fileId) => queue.isQueued(BATCH_FILE, { fileId }),
  });
  const converter = new BatchConverter({
    repository,
    storage,
    pool,
    recorder,
    clock,
    log,
    worker: THIS_WORKER,
    storageAllowance: async (userId) => batch.storageAllowance(await accounts.byId(userId)),
    timeLimit: async (userId) =>
      conversionTimeLimit((await accounts.byId(userId)).plan, false, config.conversionTimeLimits),
    enqueue,
    fileSettled: (jobId) => batch.fileSettled(jobId),
  });
  const intake = new BatchIntake({
    repository,
    storage,
    clock,
    storageAllowance: (account) => batch.storageAllowance(account),
    enqueue,
  });
  return {
    batch,
    intake,
    recoverAbandoned: async () => {
      await converter.recover();
    },
    jobs: [
      batchFileJob(converter),
      batchRecoveryJob(converter, batch),
      batchOrphansJob(batch),
      batchRetentionJob(batch),
    ],
    routes: () => {
      const quality = new BatchQuality({ repository, storage, pool, analysis: needs.analysis, batch });
      return [batchRoutes(batch, intake, quality, inFlight)];
    },
  };
}

/** The bytes an account keeps in batches, which count against the same storage as its files. */
export function batchStoredBytes(context: ModuleContext): (userId: string) => Promise<number> {
  const repository = new BatchRepository(context.database.db);
  return (userId) => repository.storedBytes(userId);
}

/**
 * After a change of plan (payments call it): the account's batch jobs are kept `keepSeconds` after they
 * end (null: until deleted).
 */
export function batchRetention(context: ModuleContext): {
  reapplyRetention(userId: string, keepSeconds: number | null): Promise<void>;
} {
  const repository = new BatchRepository(context.database.db);
  return {
    reapplyRetention: (userId, keepSeconds) => repository.reapplyRetention(userId, keepSeconds, context.clock.now()),
  };
}
