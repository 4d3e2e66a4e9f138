import type { Page } from 'playwright-core';
import { confirmedAccount } from './accounts.js';
import { launchBrowser } from './browser.js';
import { type InProcessServer, startInProcessServer } from './in-process-server.js';
import type { PageGuard } from './page-guard.js';

/** A server on a fresh database with one confirmed account, and a browser page to use it (not yet signed in). */
export interface SignedUpSession {
  server: InProcessServer;
  page: Page;
  /** Declares the answers the test causes on purpose. */
  guard: PageGuard;
  /** Closes the browser, then stops the server. */
  close(): Promise<void>;
}

/** Starts the server with `env`, signs `email` up and confirms it, and opens a page (20 s default timeout). */
export async function signedUpSession(
  env: Record<string, string>,
  email: string,
  password: string,
): Promise<SignedUpSession> {
  const server = await startInProcessServer(env);
  await confirmedAccount(server, email, password);
  const { context, guard, close: closeBrowser } = await launchBrowser();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  return {
    server,
    page,
    guard,
    async close() {
      try {
        await closeBrowser();
      } finally {
        await server.stop();
      }
    },
  };
}
