import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { apiKeyAuthenticator, bearerAuthenticator, downloadTicketAuthenticator } from './auth/request-auth.js';
import type { AuthService } from './auth/service.js';
import type { BatchService } from './batch/service.js';
import type { Config } from './config.js';
import type { FilesService } from './files/service.js';
import type { NotificationsService } from './notifications/service.js';
import type { PaymentsService } from './payments/service.js';
import type { Accounts } from './platform/account.js';
import { AJV_OPTIONS, registerApiDocs } from './platform/api-docs.js';
import { trustedProxies } from './platform/client-address.js';
import { installClosedRequestSchemas } from './platform/closed-request-schemas.js';
import type { ConversionPool } from './platform/conversion-pool.js';
import type { DomainEvents } from './platform/domain-events.js';
import { installErrorHandler } from './platform/error-handler.js';
import { healthRoutes } from './platform/health.routes.js';
import { installShutdownDrain } from './platform/in-flight.js';
import type { JobQueue } from './platform/jobs.js';
import { installRouteAccess } from './platform/route-access.js';
import type { StorageDriver } from './platform/storage/storage-driver.js';
import { webAssets } from './platform/web-assets.js';
import { buildServices, type ServiceDeps, type Services } from './services.js';
import type { WebhookDeliveries } from './webhooks/deliveries.js';

/** What the app is built on; tests pass their own clock and database. */
export interface AppDeps extends ServiceDeps {
  /** Sees every route as it is registered (the route-access test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** The built app and the services an entry point or a test may call directly. */
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
// After the grace time, the conversions still running are aborted and answer their clients with a 503.
const ABORTED_CONVERSIONS_SETTLE_MS = 10_000;

/**
 * Builds the services (see buildServices), then the Fastify app: its plugins, the one error handler,
 * route access and API docs, and every module's routes; starts the job queue last (with
 * `config.workers` in-process workers). Closing the app stops the queue, the mailer and the worker
 * threads; the database belongs to the caller.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<BuiltApp> {
  const services = buildServices(config, deps);
  const app = await httpApp(config, deps, services);
  for (const module of services.modules) {
    for (const routes of module.routes()) await app.register(routes);
  }
  await app.register(webAssets(deps.log));
  await app.ready();
  try {
    await services.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  const { context } = services;
  return {
    app,
    auth: services.auth,
    accounts: services.accounts,
    jobs: context.queue,
    files: services.files,
    storage: context.storage,
    conversionPool: context.conversionPool,
    payments: services.payments,
    events: context.events,
    notifications: services.notifications,
    webhookDeliveries: services.webhookDeliveries,
    batch: services.batch,
  };
}

/** Fastify with the plugins every route relies on, closing the services when it closes. */
async function httpApp(config: Config, deps: AppDeps, services: Services): Promise<FastifyInstance> {
  const { auth, apiKeys } = services;
  const app = Fastify({
    loggerInstance: deps.log,
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
    // Fastify fails a close whose hook takes longer than this (10 s by default), and the drain's hook
    // (installShutdownDrain) waits for the grace time, 20 s by default: the close failed and the process
    // exited with the conversions still running.
    pluginTimeout: config.shutdownGraceSeconds * 1000 + ABORTED_CONVERSIONS_SETTLE_MS,
  });
  // Node requires the headers' timeout not to exceed the whole request's.
  app.server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutSeconds * 1000);
  installErrorHandler(app);
  // First of all hooks, so that a shutdown refuses requests before any other work on them.
  installShutdownDrain(app, services.context.inFlight, config.shutdownGraceSeconds * 1000);
  installClosedRequestSchemas(app);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Fastify closes its server first: requests have ended (or been drained) when the services stop.
  app.addHook('onClose', () => services.close());
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
  // Before the API docs and every route: the docs read the security this derives from each route's access.
  installRouteAccess(app, {
    // The token's session epoch and the key's revocation and expiry are checked in the database.
    authenticators: {
      bearerAuth: bearerAuthenticator((token) => auth.authenticate(token)),
      apiKey: apiKeyAuthenticator((key) => apiKeys.authenticate(key)),
      downloadTicket: downloadTicketAuthenticator((ticket, path) => auth.authenticateDownload(ticket, path)),
    },
    adminGroup: services.adminGroup,
    accountOf: (user) => services.accounts.of(user),
    meterKeyCall: services.meterKeyCall,
  });
  await registerApiDocs(app, config.publicUrl);
  await app.register(healthRoutes(() => deps.database.ping()));
  return app;
}
