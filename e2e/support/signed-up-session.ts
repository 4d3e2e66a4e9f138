import type { SmtpInbox } from '../../packages/server/test/support/smtp-inbox.js';
import { confirmedAccount } from './accounts.js';
import { type InProcessServer, startInProcessServer } from './in-process-server.js';
import { type BrowserOptions, type SignedInBrowser, signedInBrowser } from './signed-in-browser.js';

/** A server an e2e file starts (in its process or as `npm start` does): its address, its inbox, its end. */
export interface StartedServer {
  url: string;
  inbox: SmtpInbox;
  stop: () => Promise<void>;
}

/** A server on a fresh database with one confirmed account, and a browser signed in to it once. */
export interface SignedUpSession<Server extends StartedServer = InProcessServer> {
  server: Server;
  /** Gives each test a fresh signed-in page (20 s default timeout). */
  browser: SignedInBrowser;
  /** Closes the browser, then stops the server. */
  close(): Promise<void>;
}

/** How the account is made and its browser opened. */
export interface AccountOptions<Server extends StartedServer> extends BrowserOptions {
  /** Runs once the account is confirmed, before it signs in: a plan given then is in its first token. */
  prepare?: (server: Server) => Promise<void>;
}

/**
 * Signs `email` up on a running server over the API, confirms it with the mailed code, runs `prepare`,
 * and signs it in once through the dialog in a browser of its own.
 */
export async function signedInAccount<Server extends StartedServer>(
  server: Server,
  email: string,
  password: string,
  options: AccountOptions<Server> = {},
): Promise<SignedInBrowser> {
  await confirmedAccount(server, email, password);
  await options.prepare?.(server);
  return signedInBrowser(server.url, email, password, options);
}

/** Starts a server with `start`, then makes `email`'s account and signs it in (see signedInAccount). */
export async function signedUpSessionOn<Server extends StartedServer>(
  start: () => Promise<Server>,
  email: string,
  password: string,
  options: AccountOptions<Server> = {},
): Promise<SignedUpSession<Server>> {
  const server = await start();
  let browser: SignedInBrowser;
  try {
    browser = await signedInAccount(server, email, password, options);
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

/**
 * The built server in this process, started with `env`, with `email` signed up, confirmed, prepared
 * (`prepare`) and signed in through the dialog.
 */
export function signedUpSession(
  env: Record<string, string>,
  email: string,
  password: string,
  prepare: (server: InProcessServer) => Promise<void> = async () => {},
): Promise<SignedUpSession> {
  return signedUpSessionOn(() => startInProcessServer(env), email, password, { prepare });
}
