#!/usr/bin/env node
import { AdminUsageError, runAdminCommand, serverHoldsEmbeddedDatabase } from './admin/command.js';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { AppError } from './platform/errors.js';
import { createLogger, type Logger } from './platform/logger.js';
import { RecentErrors } from './platform/recent-errors.js';
import { buildServices } from './services.js';

// A graceful shutdown has hung before (a connection that never drained): exit anyway this long
// after the conversions' grace time (SHUTDOWN_GRACE_SECONDS).
const SHUTDOWN_MARGIN_MS = 10_000;
const RECENT_ERRORS_KEPT = 200;

type Mode = 'serve' | 'worker' | 'admin';

/** Closes everything on SIGTERM/SIGINT, or exits hard when closing takes too long. */
function onShutdown(log: Logger, timeoutMs: number, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function main(mode: Mode, args: string[]): Promise<void> {
  const config = loadConfig();
  // The admin command prints its answer; only problems go to the log.
  // The admins' debug page shows the last error records of a serving process.
  const recentErrors = new RecentErrors(RECENT_ERRORS_KEPT);
  const log = createLogger(mode === 'admin' ? 'warn' : config.logLevel, undefined, recentErrors);
  if (mode === 'worker' && !config.databaseUrl) {
    throw new ConfigError(
      'The worker command needs DATABASE_URL: on the embedded database the server runs the jobs itself (WORKERS).',
    );
  }
  const database: DatabaseHandle = await openDatabase(config, (error) =>
    log.error({ err: error }, 'database error'),
  ).catch((error: unknown) => {
    // The embedded database has one process: while the server runs, the admin area is the way in.
    throw mode === 'admin' && error instanceof DataDirLockedError
      ? serverHoldsEmbeddedDatabase(error, config.publicUrl)
      : error;
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    throw unreachableDatabase(error, config.databaseUrl) ?? error;
  }
  const workers = mode === 'worker' ? Math.max(1, config.workers) : mode === 'admin' ? 0 : config.workers;
  if (mode === 'serve') {
    await serve({ ...config, workers }, database, log, recentErrors);
    return;
  }
  // The worker and the admin command call services only: no HTTP app is built.
  const services = buildServices({ ...config, workers }, { database, log, recentErrors });
  const closeAll = async () => {
    await services.close();
    await database.close();
  };
  try {
    await services.start();
  } catch (error) {
    await closeAll();
    throw error;
  }
  if (mode === 'admin') {
    try {
      process.stdout.write(`${await runAdminCommand(args, services.auth, services.payments)}\n`);
    } finally {
      await closeAll();
    }
    return;
  }
  onShutdown(log, config.shutdownGraceSeconds * 1000 + SHUTDOWN_MARGIN_MS, closeAll);
  log.info({ workers }, 'worker started: running jobs, no HTTP');
}

/** Serves the HTTP app (and runs `config.workers` job workers in this process). */
async function serve(config: Config, database: DatabaseHandle, log: Logger, recentErrors: RecentErrors): Promise<void> {
  const { app } = await buildApp(config, { database, log, recentErrors });
  onShutdown(log, config.shutdownGraceSeconds * 1000 + SHUTDOWN_MARGIN_MS, async () => {
    await app.close();
    await database.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  log.info({ url: config.publicUrl, workers: config.workers }, `Unnest is listening on ${config.publicUrl} (${where})`);
  process.stdout.write(`\nUnnest is running at ${config.publicUrl}  (API docs: ${config.publicUrl}/api/docs)\n\n`);
}

/**
 * A database that cannot be reached or refuses us at start is an operator's setting to fix: one
 * line naming it (without its password) and the driver's reason, no stack trace.
 */
function unreachableDatabase(error: unknown, databaseUrl: string | undefined): ConfigError | undefined {
  if (!databaseUrl) return undefined;
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (typeof (cause as NodeJS.ErrnoException).code !== 'string') continue;
    const where = new URL(databaseUrl);
    where.password = '';
    return new ConfigError(`Cannot use the database at ${where.toString()} (DATABASE_URL): ${cause.message}`);
  }
  return undefined;
}

const [first, ...rest] = process.argv.slice(2);
const mode: Mode = first === 'worker' || first === 'admin' ? first : 'serve';
if (first !== undefined && first !== 'worker' && first !== 'admin' && first !== 'serve') {
  process.stderr.write(`Unknown command '${first}'. Commands: serve (default), worker, admin\n`);
  process.exit(2);
}
main(mode, rest).catch((error: unknown) => {
  // Expected operator mistakes get their message alone; anything else gets the stack.
  const known =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof AppError ||
    error instanceof AdminUsageError;
  const text = error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
  process.stderr.write(`${text}\n`);
  process.exit(1);
});
