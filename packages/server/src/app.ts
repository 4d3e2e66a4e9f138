import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { AdminRepository } from './admin/repository.js';
import { adminRoutes } from './admin/routes.js';
import { AdminService } from './admin/service.js';
import { llmHeaderRefiner } from './analysis/llm-refiner.js';
import { analysisRoutes } from './analysis/routes.js';
import { AnalysisService } from './analysis/service.js';
import { meterKeyCalls } from './api-keys/key-calls.js';
import { ApiCallMeter } from './api-keys/metering.js';
import { ApiKeysRepository } from './api-keys/repository.js';
import { apiKeysRoutes } from './api-keys/routes.js';
import { ApiKeysService } from './api-keys/service.js';
import { AuditRepository } from './audit/repository.js';
import { auditRoutes } from './audit/routes.js';
import { AuditService, ConversionRecorder } from './audit/service.js';
import { AccessTokens } from './auth/access-tokens.js';
import { ADMIN_GROUP } from './auth/groups.js';
import { passwordResetMailJob, purgeExpiredAuthRecordsJob } from './auth/jobs.js';
import { AuthRepository } from './auth/repository.js';
import { apiKeyAuthenticator, bearerAuthenticator, downloadTicketAuthenticator } from './auth/request-auth.js';
import { authRoutes } from './auth/routes.js';
import { AuthService } from './auth/service.js';
import { BatchConverter, type QueuedFile } from './batch/conversion.js';
import { BatchIntake } from './batch/intake.js';
import { batchFileJob, batchOrphansJob, batchRecoveryJob, batchRetentionJob } from './batch/jobs.js';
import { BatchQuality } from './batch/quality.js';
import { BatchRepository } from './batch/repository.js';
import { batchRoutes } from './batch/routes.js';
import { BatchService } from './batch/service.js';
import { THIS_WORKER } from './batch/worker-identity.js';
import type { Config } from './config.js';
import { ConversionAllowance } from './convert/conversion-allowance.js';
import { convertRoutes } from './convert/routes.js';
import { ConvertService, conversionTimeLimit } from './convert/service.js';
import type { DatabaseHandle } from './db/database.js';
import { debugRoutes } from './debug/routes.js';
import { configuredSecrets, DebugService } from './debug/service.js';
import { announceExpiringFilesJob, purgeExpiredFilesJob } from './files/jobs.js';
import { FilesRepository } from './files/repository.js';
import { filesRoutes } from './files/routes.js';
import { FilesService, PENDING_STALE_MS } from './files/service.js';
import { FileUploads } from './files/uploads.js';
import { jobsRoutes } from './jobs/routes.js';
import { JobsService } from './jobs/service.js';
import { notificationEventJob, notificationMailJob, subscribeNotifications } from './notifications/jobs.js';
import { NotificationsRepository } from './notifications/repository.js';
import { notificationsRoutes } from './notifications/routes.js';
import { NotificationsService } from './notifications/service.js';
import { unsubscribeRoutes } from './notifications/unsubscribe.routes.js';
import { UnsubscribeLinks } from './notifications/unsubscribe-links.js';
import { type CheckoutGateway, razorpayGateway, testGateway } from './payments/checkout-gateway.js';
import { endExpiredPlansJob, renewalRemindersJob } from './payments/jobs.js';
import { PlanRetention } from './payments/plan-retention.js';
import { PaymentsRepository } from './payments/repository.js';
import { paymentsRoutes } from './payments/routes.js';
import { PaymentsService } from './payments/service.js';
import { TestCheckout } from './payments/test-checkout.js';
import { testCheckoutRoutes } from './payments/test-checkout.routes.js';
import { paymentsWebhookRoutes } from './payments/webhook.routes.js';
import { Accounts } from './plans/account.js';
import { plansRoutes } from './plans/routes.js';
import { PlansService } from './plans/service.js';
import { AJV_OPTIONS, registerApiDocs } from './platform/api-docs.js';
import { trustedProxies } from './platform/client-address.js';
import { type Clock, systemClock } from './platform/clock.js';
import { ConversionPool, type ConversionPoolOptions } from './platform/conversion-pool.js';
import { DomainEvents } from './platform/domain-events.js';
import { installErrorHandler } from './platform/error-handler.js';
import { healthRoutes } from './platform/health.routes.js';
import { InFlightConversions, installShutdownDrain } from './platform/in-flight.js';
import { JobQueue } from './platform/jobs.js';
import { jwtSecretFor } from './platform/jwt-secret.js';
import { startLeftoverSweeper } from './platform/leftovers.js';
import type { Logger } from './platform/logger.js';
import { createMailer } from './platform/mail.js';
import { RateEventsRepository } from './platform/rate-events.repository.js';
import { RateLimiter } from './platform/rate-limiter.js';
import { RecentErrors } from './platform/recent-errors.js';
import { installRouteAccess } from './platform/route-access.js';
import { createStorage, localFilesRoot } from './platform/storage/create-storage.js';
import type { StorageDriver } from './platform/storage/storage-driver.js';
import { webAssets } from './platform/web-assets.js';
import { ProfileRepository } from './profile/repository.js';
import { profileRoutes } from './profile/routes.js';
import { ProfileService } from './profile/service.js';
import { notificationSettingsOf } from './profile/settings.js';
import { type QueuedAttempt, WebhookDeliveries } from './webhooks/deliveries.js';
import { DELIVERY_LIMITS } from './webhooks/http-delivery.js';
import { webhookAttemptJob, webhookDisabledNoticeJob, webhookRetrySweepJob } from './webhooks/jobs.js';
import { WebhooksRepository } from './webhooks/repository.js';
import { webhooksRoutes } from './webhooks/routes.js';
import { WebhooksService } from './webhooks/service.js';
import { webhookRules } from './webhooks/target.js';

/** What the app is built on; tests pass their own clock and database. */
export interface AppDeps {
  database: DatabaseHandle;
  log: Logger;
  clock?: Clock;
  /** File storage; by default the configured one (S3_* or DATA_DIR/files). */
  storage?: StorageDriver;
  /** Sees every route as it is registered (the route-access test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** Threads and limits of the conversion worker pool (default: one thread per core). */
  conversionPool?: Pick<ConversionPoolOptions, 'threads' | 'heapLimitMb' | 'maxRelationalZipBytes'>;
  /** The error records the logger keeps for /api/debug/logs (see createLogger); none kept without it. */
  recentErrors?: RecentErrors;
}

/** The built app and the services an entry point (worker, admin command) may call directly. */
export interface BuiltApp {
  app: FastifyInstance;
  auth: AuthService;
  /** Accounts by id, as jobs and the operator command read them. */
  accounts: Accounts;
  jobs: JobQueue;
  files: FilesService;
  storage: StorageDriver;
  /** The worker threads that run the engine; `close(graceMs)` drains it (see main.ts). */
  conversionPool: ConversionPool;
  payments: PaymentsService;
  /** What happened, for the features that react to it. */
  events: DomainEvents;
  notifications: NotificationsService;
  /** Outgoing webhook tries and their retry sweep. */
  webhookDeliveries: WebhookDeliveries;
  /** Batch jobs: list, status and cancel (also what the jobs API serves). */
  batch: BatchService;
}

const RAZORPAY_CSP = {
  scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
  frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
};

// Auth bodies are small; features that take uploads raise the limit on their own routes.
const BODY_LIMIT_BYTES = 1024 * 1024;
// A client that has not finished its request line and headers by then is dropped (slow headers).
const HEADERS_TIMEOUT_MS = 30_000;
const TIMEOUT_CHECK_MS = 500;

/**
 * Builds the Fastify app with every plugin, feature and the one error handler, and starts the job
 * queue (with `config.workers` in-process workers). Closing the app stops the queue and the mailer;
 * the database belongs to the caller.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<BuiltApp> {
  const clock = deps.clock ?? systemClock;
  const { database, log } = deps;
  const app = Fastify({
    loggerInstance: log,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.trustProxy),
    // A slow body holds a connection at most this long (the whole request, body included).
    requestTimeout: config.requestTimeoutSeconds * 1000,
    // Node checks the request and headers timeouts only this often (30 s by default, so a 20 s timeout
    // fired anywhere from 20 to 50 s): checked twice a second, they fire within half a second.
    http: { connectionsCheckingInterval: TIMEOUT_CHECK_MS },
    ajv: { customOptions: AJV_OPTIONS },
    // During a shutdown new requests get our own 503 (with Retry-After), see the onRequest hook below.
    return503OnClosing: false,
  });
  // Node requires the headers' timeout not to exceed the whole request's.
  app.server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutSeconds * 1000);
  installErrorHandler(app);
  // First of all hooks, so that a shutdown refuses requests before any other work on them.
  const inFlight = new InFlightConversions();
  installShutdownDrain(app, inFlight, config.shutdownGraceSeconds * 1000);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  const https = config.publicUrl.startsWith('https:');
  // Over plain HTTP (a laptop), HSTS and upgrade-insecure-requests would break the site.
  await app.register(helmet, {
    hsts: https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        // Razorpay's checkout is its script plus its frames, allowed only when payments go through it.
        ...(config.payments.mode === 'razorpay' ? RAZORPAY_CSP : {}),
      },
    },
  });
  await app.register(cookie);
  const jwtSecret = jwtSecretFor(config.jwtSecret, config.dataDir, log);
  const accessTokens = new AccessTokens(jwtSecret);
  // Before the API docs and every route: the docs read the security this derives from each route's access.
  installRouteAccess(app, {
    // Called per request, after `auth`, `apiKeys` and `accounts` below exist: the token's session epoch
    // and the key's revocation and expiry are checked in the database there, in the read of the account
    // the request is then given.
    authenticators: {
      bearerAuth: bearerAuthenticator((token) => auth.authenticate(token)),
      apiKey: apiKeyAuthenticator((key) => apiKeys.authenticate(key)),
      downloadTicket: downloadTicketAuthenticator((ticket, path) => auth.authenticateDownload(ticket, path)),
    },
    adminGroup: ADMIN_GROUP,
    meterKeyCall: (request, reply, claims, counted) => keyCallMeter(request, reply, claims, counted),
    accountOf: (user) => accounts.of(user),
  });
  await registerApiDocs(app, config.publicUrl);

  const mailer = createMailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
    log,
  );
  const events = new DomainEvents(log);
  const limiter = new RateLimiter(new RateEventsRepository(database.db), clock);
  const audit = new AuditService(new AuditRepository(database.db), clock, log);
  const auth = new AuthService({
    repository: new AuthRepository(database.db),
    limiter,
    mailer,
    clock,
    accessTokens,
    // Codes are hashed with a key derived from (not equal to) the signing secret.
    codeKey: createHmac('sha256', jwtSecret).update('unnest verification codes').digest(),
    adminEmails: config.adminEmails,
    log,
    onSignIn: (userId, status, details) => audit.record(userId, { action: 'sign_in', status, details }),
    // Requests arrive only after the queue below has started.
    queuePasswordReset: async (email) => {
      await jobs.send(passwordResetMail, { email });
    },
  });
  const passwordResetMail = passwordResetMailJob(auth);
  const storage = deps.storage ?? createStorage(config);
  const batchRepository = new BatchRepository(database.db);
  const files = new FilesService({
    repository: new FilesRepository(database.db),
    storage,
    audit,
    clock,
    log,
    storedElsewhere: (userId) => batchRepository.storedBytes(userId),
  });
  // The one way a request (route access, above), a job or the operator command gets an account.
  const accounts = new Accounts({
    user: (userId) => auth.currentUser(userId),
    // The profile is built below, before any request or job.
    settings: (userId) => profile.settings(userId),
    storedBytes: (userId) => files.storedBytes(userId),
    timeLimits: config.conversionTimeLimits,
  });
  const notifications = new NotificationsService({
    repository: new NotificationsRepository(database.db),
    accounts,
    // The switches live with the other settings; the profile is built below, before any request.
    settings: {
      of: async (userId) => notificationSettingsOf(await profile.settings(userId)),
      update: async (userId, update) => notificationSettingsOf(await profile.updateSettings(userId, update)),
    },
    // Unsubscribe links are signed with a key derived from (not equal to) the signing secret.
    links: new UnsubscribeLinks(
      createHmac('sha256', jwtSecret).update('unnest unsubscribe links').digest(),
      config.publicUrl,
    ),
    mailer,
    clock,
    log,
    publicUrl: config.publicUrl,
    longConversionMs: config.notifications.longConversionSeconds * 1000,
    queueMail: async (notificationId) => {
      await jobs.send(notificationMail, { notificationId });
    },
  });
  const notificationEvent = notificationEventJob(notifications);
  const notificationMail = notificationMailJob(notifications, config.notifications.mailRetrySeconds);
  subscribeNotifications(events, async (event) => {
    await jobs.send(notificationEvent, { event });
  });
  const gateway = checkoutGateway(config, jwtSecret, log);
  const paymentsRepository = new PaymentsRepository(database.db);
  const payments = new PaymentsService({
    repository: paymentsRepository,
    gateway,
    auth,
    retention: new PlanRetention({
      accounts,
      files,
      // The batch service is built below, before any request or job.
      batches: { reapplyRetention: (userId, keepSeconds) => batch.reapplyRetention(userId, keepSeconds) },
    }),
    notifier: notifications,
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  const plans = new PlansService({ limiter, payments, timeLimits: config.conversionTimeLimits });
  const profile = new ProfileService({
    repository: new ProfileRepository(database.db),
    auth,
    files,
    audit,
    payments,
    clock,
  });
  const apiKeysRepository = new ApiKeysRepository(database.db);
  const apiCallMeter = new ApiCallMeter({ repository: apiKeysRepository, payments, clock });
  const keyCallMeter = meterKeyCalls(apiCallMeter);
  const apiKeys = new ApiKeysService({
    repository: apiKeysRepository,
    auth,
    plans,
    meter: apiCallMeter,
    clock,
    adminGroup: ADMIN_GROUP,
  });
  const spoolDir = path.join(config.dataDir, 'spool');
  fs.mkdirSync(spoolDir, { recursive: true, mode: 0o700 });
  // Drafts, spools and file records a crashed process left behind (S3 drafts are multipart uploads: a
  // bucket lifecycle rule). On the embedded database this process is the only one (the data directory
  // lock), so every record still pending from before it started belongs to a dead process.
  const startedAt = clock.now();
  const sweeper = startLeftoverSweeper({
    dirs: config.s3 ? [spoolDir] : [spoolDir, localFilesRoot(config)],
    storedFiles: (now) => {
      const staleAfterAnHour = new Date(now.getTime() - PENDING_STALE_MS);
      const embedded = database.kind === 'pglite' && startedAt > staleAfterAnHour;
      return files.sweepInterrupted(embedded ? startedAt : staleAfterAnHour);
    },
    clock,
    log,
  });
  // The workers store files through the same storage settings, so deps.storage must match the config.
  const conversionPool = new ConversionPool({
    storage: config.s3
      ? { kind: 's3', config: config.s3 }
      : { kind: 'local', root: localFilesRoot(config), directWrites: config.directFileWrites },
    spoolDir,
    ...deps.conversionPool,
  });
  const analysis = new AnalysisService({
    payments,
    files,
    log,
    pool: conversionPool,
    ...(config.llm ? { refiner: llmHeaderRefiner(config.llm) } : {}),
  });
  // Every conversion's history row and stored conversions' events, whatever ran it.
  const recorder = new ConversionRecorder({ audit, events });
  const convert = new ConvertService({
    files,
    recorder,
    analysis,
    limiter,
    allowance: new ConversionAllowance({ limiter, payments }),
    pool: conversionPool,
    // Requests come after `jobsService` below exists.
    asyncConversions: { start: (...request) => jobsService.startConversion(...request) },
    timeLimits: config.conversionTimeLimits,
    clock,
    log,
  });
  const webhooksRepository = new WebhooksRepository(database.db);
  const rules = webhookRules(config.webhooks);
  // Jobs are sent only after the queue below has started (events and requests come later). The account
  // is the job's group (its share of the slots); a longer backlog is a lower priority (see webhookAttemptJob).
  const enqueueAttempt = async ({ deliveryId, attempt, userId, backlog }: QueuedAttempt) => {
    await jobs.send(webhookAttempt, { deliveryId, attempt }, { priority: -backlog, group: { id: userId } });
  };
  const webhooks = new WebhooksService({
    repository: webhooksRepository,
    accounts,
    limiter,
    rules,
    enqueueAttempt,
    clock,
    log,
  });
  webhooks.subscribeTo(events);
  const webhookDeliveries = new WebhookDeliveries({
    repository: webhooksRepository,
    rules,
    limits: { ...DELIVERY_LIMITS, timeoutMs: config.webhooks.timeoutSeconds * 1000 },
    enqueueAttempt,
    enqueueDisabledNotice: async (endpointId) => {
      await jobs.send(webhookDisabledNotice, { endpointId });
    },
    notifier: notifications,
    clock,
    log,
  });
  const webhookAttempt = webhookAttemptJob(webhookDeliveries, config.webhooks);
  const webhookDisabledNotice = webhookDisabledNoticeJob(webhookDeliveries);
  // Files are queued only after the queue below has started (requests and jobs come after it).
  const enqueueBatchFile = async (file: QueuedFile) => {
    await jobs.send(
      batchFile,
      { fileId: file.fileId },
      { priority: file.priority, group: { id: file.userId, tier: file.tier } },
    );
  };
  const batch = new BatchService({
    repository: batchRepository,
    storage,
    files,
    events,
    recorder,
    clock,
    log,
    enqueue: enqueueBatchFile,
    isQueued: (fileId) => jobs.isQueued(batchFile, { fileId }),
  });
  const batchConverter = new BatchConverter({
    repository: batchRepository,
    storage,
    pool: conversionPool,
    recorder,
    clock,
    log,
    worker: THIS_WORKER,
    storageAllowance: async (userId) => batch.storageAllowance(await accounts.byId(userId)),
    timeLimit: async (userId) =>
      conversionTimeLimit((await accounts.byId(userId)).plan, false, config.conversionTimeLimits),
    enqueue: enqueueBatchFile,
    fileSettled: (jobId) => batch.fileSettled(jobId),
  });
  const batchIntake = new BatchIntake({
    repository: batchRepository,
    storage,
    clock,
    storageAllowance: (account) => batch.storageAllowance(account),
    enqueue: enqueueBatchFile,
  });
  const jobsService = new JobsService({ batch, intake: batchIntake });
  const batchQuality = new BatchQuality({
    repository: batchRepository,
    storage,
    pool: conversionPool,
    analysis,
    batch,
  });
  const batchFile = batchFileJob(batchConverter);

  const jobs = await JobQueue.start({
    connection: database.queueOptions,
    definitions: [
      purgeExpiredAuthRecordsJob(auth),
      passwordResetMail,
      purgeExpiredFilesJob(files),
      announceExpiringFilesJob(files, events, clock),
      endExpiredPlansJob(payments),
      renewalRemindersJob(payments),
      notificationEvent,
      notificationMail,
      webhookAttempt,
      webhookRetrySweepJob(webhookDeliveries),
      webhookDisabledNotice,
      batchFile,
      batchRecoveryJob(batchConverter, batch),
      batchOrphansJob(batch),
      batchRetentionJob(batch),
    ],
    workers: config.workers,
    log,
  });
  // Files a dead worker of this host held go back to the queue now, not at the next minute's sweep.
  if (config.workers > 0) {
    batchConverter.recover().catch((error: unknown) => log.warn({ err: error }, 'batch recovery failed'));
  }
  app.addHook('onClose', async () => {
    sweeper.stop();
    await sweeper.done;
    await jobs.stop(5_000);
    mailer.close();
    // Requests have ended by now (Fastify closes the server first); graceful draining is done before.
    await conversionPool.close();
  });

  await app.register(healthRoutes(() => database.ping()));
  await app.register(authRoutes(auth, { secureCookie: https }));
  await app.register(convertRoutes(convert, inFlight));
  await app.register(filesRoutes(files, new FileUploads({ files, audit, clock }), inFlight));
  await app.register(analysisRoutes(analysis));
  await app.register(batchRoutes(batch, batchIntake, batchQuality, inFlight));
  await app.register(jobsRoutes(jobsService));
  await app.register(plansRoutes(plans));
  await app.register(paymentsRoutes(payments));
  await app.register(paymentsWebhookRoutes(payments));
  if (gateway?.mode === 'test') {
    await app.register(testCheckoutRoutes(new TestCheckout({ repository: paymentsRepository, gateway, clock })));
  }
  await app.register(apiKeysRoutes(apiKeys));
  await app.register(auditRoutes(audit));
  await app.register(profileRoutes(profile));
  const admin = new AdminService({
    repository: new AdminRepository(database.db),
    auth,
    payments,
    profile,
    files,
    audit,
    jobs,
    clock,
  });
  await app.register(adminRoutes(admin));
  const debug = new DebugService({
    config,
    databaseKind: database.kind,
    jobs,
    recentErrors: deps.recentErrors ?? new RecentErrors(0),
    secrets: configuredSecrets(config, jwtSecret),
  });
  await app.register(debugRoutes(debug));
  await app.register(notificationsRoutes(notifications));
  await app.register(unsubscribeRoutes(notifications, config.publicUrl));
  await app.register(webhooksRoutes(webhooks));
  await app.register(webAssets(log));
  await app.ready();
  return {
    app,
    auth,
    accounts,
    jobs,
    files,
    storage,
    conversionPool,
    payments,
    events,
    notifications,
    webhookDeliveries,
    batch,
  };
}

/** The configured way of taking payments, said in the start-up log (with why, when it is off). */
function checkoutGateway(config: Config, installSecret: Uint8Array, log: Logger): CheckoutGateway | undefined {
  const { mode, reason, razorpay } = config.payments;
  if (mode === 'off') {
    log.warn({ reason }, 'Payments are off: buying plans and credits is unavailable');
    return undefined;
  }
  log.info({ mode, reason }, mode === 'test' ? 'Payments in test mode: no money moves' : 'Payments through Razorpay');
  return mode === 'razorpay' && razorpay ? razorpayGateway(razorpay) : testGateway(installSecret);
}
