import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BuiltApp, buildApp } from '../../packages/server/dist/app.js';
import { loadConfig } from '../../packages/server/dist/config.js';
import { createLogger } from '../../packages/server/dist/platform/logger.js';
import { SmtpInbox } from '../../packages/server/test/support/smtp-inbox.js';
import { openTestDatabase } from '../../packages/server/test/support/test-database.js';

/** The built server running in the test's process, so the test can call its services directly. */
export interface InProcessServer {
  url: string;
  built: BuiltApp;
  inbox: SmtpInbox;
  stop: () => Promise<void>;
}

/**
 * The built app on a private database, data directory and real SMTP inbox, listening on 127.0.0.1;
 * `env` adds settings (e.g. WORKERS, WEBHOOK_ALLOW_*).
 */
export async function startInProcessServer(env: Record<string, string> = {}): Promise<InProcessServer> {
  const database = await openTestDatabase();
  const inbox = await SmtpInbox.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-e2e-in-process-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
    WORKERS: '0',
    HOST: '127.0.0.1',
    ...env,
  });
  const built = await buildApp(config, { database: database.handle, log: createLogger('warn') });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    built,
    inbox,
    stop: async () => {
      await built.app.close();
      await inbox.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
