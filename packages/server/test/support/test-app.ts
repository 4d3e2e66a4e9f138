import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { type AppDeps, type BuiltApp, buildApp } from '../../src/app.js';
import { REFRESH_COOKIE } from '../../src/auth/routes.js';
import { loadConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { createLogger } from '../../src/platform/logger.js';
import { RecentErrors } from '../../src/platform/recent-errors.js';
import { createStorage } from '../../src/platform/storage/create-storage.js';
import type { StorageDriver } from '../../src/platform/storage/storage-driver.js';
import { FakeClock } from './fake-clock.js';
import { SmtpInbox } from './smtp-inbox.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

/** The signing secret test apps use (tests may mint their own tokens with it). */
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

/** A running app on a private database, with a fake clock and a real SMTP inbox. */
export interface TestApp extends BuiltApp {
  clock: FakeClock;
  inbox: SmtpInbox;
  database: TestDatabase;
  dataDir: string;
  /** Every log line written so far (JSON). */
  logs: string[];
  close(): Promise<void>;
}

/** Builds the app for a test file. `env` adds or overrides environment settings. */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    wrapDatabase?: (handle: DatabaseHandle) => DatabaseHandle;
    onRoute?: (route: RouteOptions) => void;
    conversionPool?: AppDeps['conversionPool'];
    /** Wraps the configured storage the app's own thread uses (the worker threads open their own). */
    wrapStorage?: (storage: StorageDriver) => StorageDriver;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const inbox = await SmtpInbox.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    JWT_SECRET,
    WORKERS: '0',
    ...options.env,
  });
  const logs: string[] = [];
  const recentErrors = new RecentErrors();
  const log = createLogger('info', { write: (line: string) => logs.push(line) }, recentErrors);
  const clock = new FakeClock();
  const handle = options.wrapDatabase ? options.wrapDatabase(database.handle) : database.handle;
  const built = await buildApp(config, {
    database: handle,
    log,
    clock,
    recentErrors,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.conversionPool ? { conversionPool: options.conversionPool } : {}),
    ...(options.wrapStorage ? { storage: options.wrapStorage(createStorage(config)) } : {}),
  });
  return {
    ...built,
    clock,
    inbox,
    database,
    dataDir,
    logs,
    async close() {
      await built.app.close();
      await inbox.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON POST through inject; `cookie` is sent as the refresh cookie. */
export function post(
  app: FastifyInstance,
  url: string,
  body?: object,
  options: { cookie?: string; address?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    ...(body ? { payload: body } : {}),
    ...(options.cookie ? { cookies: { [REFRESH_COOKIE]: options.cookie } } : {}),
    ...(options.address ? { remoteAddress: options.address } : {}),
  });
}

/** The refresh token a response set, if any. */
export function refreshCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value || undefined;
}

let counter = 0;
/** A new e-mail address for one test. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}@example.com`;
}

/** Signs up and confirms an account through the API, reading the code from the inbox. */
export async function createConfirmedUser(t: TestApp, email: string, password = 'correct horse'): Promise<void> {
  const signup = await post(t.app, '/api/auth/signup', { email, password });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const mail = await t.inbox.next(email);
  const confirm = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: mail.code });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
}
