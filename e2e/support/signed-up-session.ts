import { confirmedAccount } from './accounts.js';
import { type InProcessServer, startInProcessServer } from './in-process-server.js';
import { type SignedInBrowser, signedInBrowser } from './signed-in-browser.js';

/** A server on a fresh database with one confirmed account, and a browser signed in to it once. */
export interface SignedUpSession {
  server: InProcessServer;
  /** Gives each test a fresh signed-in page (20 s default timeout). */
  browser: SignedInBrowser;
  /** Closes the browser, then stops the server. */
  close(): Promise<void>;
}

/**
 * Starts the server with `env`, signs `email` up, confirms it, runs `prepare` (a plan given then is in the
 * session's token from the start), and signs it in through the dialog.
 */
export async function signedUpSession(
  env: Record<string, string>,
  email: string,
  password: string,
  prepare: (server: InProcessServer) => Promise<void> = async () => {},
): Promise<SignedUpSession> {
  const server = await startInProcessServer(env);
  let browser: SignedInBrowser;
  try {
    await confirmedAccount(server, email, password);
    await prepare(server);
    browser = await signedInBrowser(server.url, email, password);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    server,
    browser,
    async close() {
      try {
        await browser.close();
      } finally {
        await server.stop();
      }
    },
  };
}
