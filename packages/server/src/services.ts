import fs from 'node:fs';
import path from 'node:path';
import { adminModule } from './admin/module.js';
import { analysisModule } from './analysis/module.js';
import { apiKeysModule } from './api-keys/module.js';
import type { ApiKeysService } from './api-keys/service.js';
import { auditModule } from './audit/module.js';
import { authModule } from './auth/module.js';
import type { AuthService } from './auth/service.js';
import { batchModule, batchRetention, batchStoredBytes } from './batch/module.js';
import type { BatchService } from './batch/service.js';
import type { Config } from './config.js';
import { convertModule } from './convert/module.js';
import type { DatabaseHandle } from './db/database.js';
import { debugModule } from './debug/module.js';
import { filesModule } from './files/module.js';
import { type FilesService, PENDING_STALE_MS } from './files/service.js';
import { jobsModule } from './jobs/module.js';
import { notificationsModule } from './notifications/module.js';
import type { NotificationsService } from './notifications/service.js';
import { paymentsModule } from './payments/module.js';
import type { PaymentsService } from './payments/service.js';
import { plansModule } from './plans/module.js';
import { Accounts } from './platform/account.js';
import { type Clock, systemClock } from './platform/clock.js';
import { ConversionPool, type ConversionPoolOptions } from './platform/conversion-pool.js';
import { DomainEvents } from './platform/domain-events.js';
import { InFlightConversions } from './platform/in-flight.js';
import { JobQueue } from './platform/jobs.js';
import { jwtSecretFor } from './platform/jwt-secret.js';
import { startLeftoverSweeper } from './platform/leftovers.js';
import type { Logger } from './platform/logger.js';
import { createMailer } from './platform/mail.js';
import type { FeatureModule, ModuleContext } from './platform/module-context.js';
import { RateEventsRepository } from './platform/rate-events.repository.js';
import { RateLimiter } from './platform/rate-limiter.js';
import { RecentErrors } from './platform/recent-errors.js';
import type { KeyCallMeter } from './platform/route-access.js';
import { createStorage, localFilesRoot } from './platform/storage/create-storage.js';
import type { StorageDriver } from './platform/storage/storage-driver.js';
import { notificationSwitches, profileModule, settingsStore } from './profile/module.js';
import type { WebhookDeliveries } from './webhooks/deliveries.js';
import { webhooksModule } from './webhooks/module.js';

type LeftoverSweeper = ReturnType<typeof startLeftoverSweeper>;

/** Where conversions spool their input; the worker threads and the leftover sweep read it too. */
const spoolDirOf = (config: Config) => path.join(config.dataDir, 'spool');

/** What the services are built on; tests pass their own clock and database. */
export interface ServiceDeps {
  database: DatabaseHandle;
  log: Logger;
  clock?: Clock;
  /** File storage; by default the configured one (S3_* or DATA_DIR/files). */
  storage?: StorageDriver;
  /** Threads and limits of the conversion worker pool (default: one thread per core). */
  conversionPool?: Pick<ConversionPoolOptions, 'threads' | 'heapLimitMb' | 'maxRelationalZipBytes'>;
  /** The error records the logger keeps for /api/debug/logs (see createLogger); none kept without it. */
  recentErrors?: RecentErrors;
}

/** Every feature's services and jobs, built without HTTP; the entry points call some directly. */
export interface Services {
  /** Every feature module, in the order they were built (and their routes are registered). */
  modules: readonly FeatureModule[];
  /** The shared pieces the modules were built from. */
  context: ModuleContext;
  auth: AuthService;
  /** Accounts by id, as jobs and the operator command read them. */
  accounts: Accounts;
  apiKeys: ApiKeysService;
  /** What route access calls for each call made with an API key. */
  meterKeyCall: KeyCallMeter;
  adminGroup: string;
  files: FilesService;
  payments: PaymentsService;
  notifications: NotificationsService;
  /** Outgoing webhook tries and their retry sweep. */
  webhookDeliveries: WebhookDeliveries;
  /** Batch jobs: list, status and cancel (also what the jobs API serves). */
  batch: BatchService;
  /**
   * Starts the job queue with every module's jobs (`workers` in-process workers) and the sweep of
   * leftovers; called last, once whatever serves requests is ready.
   */
  start(): Promise<void>;
  /** Stops the sweep, the queue (running jobs may finish), the mailer and the worker threads. */
  close(): Promise<void>;
}

/**
 * The shared pieces every module is built from. Nothing in it runs yet: the queue is created, not
 * started, and the mailer and the worker threads start on first use.
 */
export function buildModuleContext(config: Config, deps: ServiceDeps): ModuleContext {
  const { database, log } = deps;
  const clock = deps.clock ?? systemClock;
  const spoolDir = spoolDirOf(config);
  fs.mkdirSync(spoolDir, { recursive: true, mode: 0o700 });
  return {
    config,
    database,
    clock,
    log,
    storage: deps.storage ?? createStorage(config),
    events: new DomainEvents(log),
    queue: JobQueue.create({ connection: database.queueOptions, log }),
    mailer: createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
      log,
    ),
    limiter: new RateLimiter(new RateEventsRepository(database.db), clock),
    jwtSecret: jwtSecretFor(config.jwtSecret, config.dataDir, log),
    // The workers store files through the same storage settings, so deps.storage must match the config.
    conversionPool: new ConversionPool({
      storage: config.s3
        ? { kind: 's3', config: config.s3 }
        : { kind: 'local', root: localFilesRoot(config), directWrites: config.directFileWrites },
      spoolDir,
      ...deps.conversionPool,
    }),
    inFlight: new InFlightConversions(),
  };
}

/**
 * Builds every feature module in dependency order, each from the shared context and the services of
 * the modules before it, with no reference forward: where a feature needs a small part of one built
 * later (the settings the profile writes, the batches' retention payments apply), that part is built
 * first on its own (`settingsStore`, `batchRetention`, `batchStoredBytes`) and handed to both.
 * Nothing runs until `start()`: the queue sends nothing before it.
 */
export function buildServices(config: Config, deps: ServiceDeps): Services {
  const { log } = deps;
  const context = buildModuleContext(config, deps);
  // Read by accounts and notifications and written by the profile: built before all three.
  const settings = settingsStore(context);
  const audit = auditModule(context);
  const auth = authModule(context, { audit: audit.audit });
  const files = filesModule(context, { audit: audit.audit, storedElsewhere: batchStoredBytes(context) });
  // The one way a request (route access), a job or the operator command gets an account.
  const accounts = new Accounts({
    user: (userId) => auth.auth.currentUser(userId),
    settings: (userId) => settings.settings(userId),
    storedBytes: (userId) => files.files.storedBytes(userId),
    timeLimits: config.conversionTimeLimits,
  });
  const notifications = notificationsModule(context, {
    accounts,
    settings: notificationSwitches(settings),
  });
  const payments = paymentsModule(context, {
    auth: auth.auth,
    files: files.files,
    accounts,
    notifier: notifications.notifications,
    retention: {
      batches: batchRetention(context),
    },
  });
  const core = { auth: auth.auth, files: files.files, payments: payments.payments };
  const plans = plansModule(context, { payments: payments.payments });
  const profile = profileModule(context, { ...core, settings, audit: audit.audit });
  const apiKeys = apiKeysModule(context, {
    auth: auth.auth,
    plans: plans.plans,
    payments: payments.payments,
    adminGroup: auth.adminGroup,
  });
  const analysis = analysisModule(context, { payments: payments.payments, files: files.files });
  const batch = batchModule(context, {
    files: files.files,
    accounts,
    recorder: audit.recorder,
    analysis: analysis.analysis,
  });
  const jobs = jobsModule({ batch: batch.batch, intake: batch.intake });
  const convert = convertModule(context, {
    files: files.files,
    recorder: audit.recorder,
    analysis: analysis.analysis,
    payments: payments.payments,
    asyncConversions: { start: (...request) => jobs.jobsService.startConversion(...request) },
  });
  const webhooks = webhooksModule(context, { accounts, notifier: notifications.notifications });
  const admin = adminModule(context, { ...core, profile: profile.profile, audit: audit.audit });
  const debug = debugModule(context, { recentErrors: deps.recentErrors ?? new RecentErrors(0) });
  // The order their routes are registered in, which is the order of the OpenAPI document's paths.
  const modules = [
    auth,
    convert,
    files,
    analysis,
    batch,
    jobs,
    plans,
    payments,
    apiKeys,
    audit,
    profile,
    admin,
    debug,
    notifications,
    webhooks,
  ];

  let sweeper: LeftoverSweeper | undefined;
  return {
    modules,
    context,
    auth: auth.auth,
    accounts,
    apiKeys: apiKeys.apiKeys,
    meterKeyCall: apiKeys.meterKeyCall,
    adminGroup: auth.adminGroup,
    files: files.files,
    payments: payments.payments,
    notifications: notifications.notifications,
    webhookDeliveries: webhooks.webhookDeliveries,
    batch: batch.batch,
    async start() {
      await context.queue.start({ definitions: modules.flatMap((module) => module.jobs), workers: config.workers });
      // Files a dead worker of this host held go back to the queue now, not at the next minute's sweep.
      if (config.workers > 0) {
        batch.recoverAbandoned().catch((error: unknown) => log.warn({ err: error }, 'batch recovery failed'));
      }
      sweeper = startSweepingLeftovers(context, files.files);
    },
    async close() {
      sweeper?.stop();
      await sweeper?.done;
      await context.queue.stop(5_000);
      context.mailer.close();
      // Requests have ended by now (an HTTP app closes its server first); graceful draining is done before.
      await context.conversionPool.close();
    },
  };
}

/**
 * Drafts, spools and file records a crashed process left behind (S3 drafts are multipart uploads: a
 * bucket lifecycle rule). On the embedded database this process is the only one (the data directory
 * lock), so every record still pending from before it started belongs to a dead process.
 */
function startSweepingLeftovers({ config, database, clock, log }: ModuleContext, files: FilesService): LeftoverSweeper {
  const startedAt = clock.now();
  const spoolDir = spoolDirOf(config);
  return startLeftoverSweeper({
    dirs: config.s3 ? [spoolDir] : [spoolDir, localFilesRoot(config)],
    storedFiles: (now) => {
      const staleAfterAnHour = new Date(now.getTime() - PENDING_STALE_MS);
      const embedded = database.kind === 'pglite' && startedAt > staleAfterAnHour;
      return files.sweepInterrupted(embedded ? startedAt : staleAfterAnHour);
    },
    clock,
    log,
  });
}
