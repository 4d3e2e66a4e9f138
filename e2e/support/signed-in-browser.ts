import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { signInThroughDialog } from './accounts.js';
import { LAUNCH_OPTIONS, requireChromium, watch } from './browser.js';
import type { PageGuard } from './page-guard.js';

/** A page of its own for one test, in a browser context that starts signed in. */
export interface SignedInPage {
  page: Page;
  context: BrowserContext;
  /** Declares the answers the test causes on purpose. */
  guard: PageGuard;
}

/** One Chromium for a test file; each test takes a fresh context from it, with no session. */
export interface SignedOutBrowser {
  /** Closes the previous test's context, and opens a new one with no session (no cookies, no storage). */
  newSignedOutPage(): Promise<SignedInPage>;
  close(): Promise<void>;
}

/** One Chromium for a test file, signed in once; each test takes a fresh signed-in context from it. */
export interface SignedInBrowser extends SignedOutBrowser {
  /**
   * Closes the previous test's context, and opens a new one holding the session; with `path`, its page
   * goes there (`/dashboard` is where signing in leaves a person).
   */
  newPage(path?: string): Promise<SignedInPage>;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Options of every context the browser opens. */
export interface BrowserOptions {
  /** How long an action or a wait may take (20 s unless told). */
  timeoutMs?: number;
  /** Granted to the server's origin, e.g. `clipboard-read`. */
  permissions?: string[];
}

/**
 * Launches Chromium whose contexts are opened one at a time: `open` closes the one before (reporting
 * what its guard found) and hands the closing context to `keep` first, so a signed-in context can pass
 * its session on.
 */
async function oneContextAtATime(url: string, options: BrowserOptions) {
  requireChromium();
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  let closeCurrent = async () => {};

  async function open(storageState?: StorageState, keep?: (context: BrowserContext) => Promise<void>) {
    await closeCurrent();
    const context = await browser.newContext({
      viewport: { width: 1360, height: 900 },
      acceptDownloads: true,
      storageState,
    });
    context.setDefaultTimeout(options.timeoutMs ?? 20_000);
    if (options.permissions) await context.grantPermissions(options.permissions, { origin: url });
    const { guard, unwatch } = watch(context);
    closeCurrent = async () => {
      closeCurrent = async () => {};
      try {
        await keep?.(context);
      } finally {
        await context.close();
        await unwatch();
      }
    };
    return { page: await context.newPage(), context, guard };
  }

  async function close() {
    try {
      await closeCurrent();
    } finally {
      await browser.close();
    }
  }
  return { open, closeCurrent: () => closeCurrent(), close, closeBrowser: () => browser.close() };
}

/** Launches Chromium for a visitor with no account: each test takes a fresh context with no session. */
export async function signedOutBrowser(url: string, options: BrowserOptions = {}): Promise<SignedOutBrowser> {
  const contexts = await oneContextAtATime(url, options);
  return { newSignedOutPage: () => contexts.open(), close: contexts.close };
}

/**
 * Launches Chromium and signs `email` in through the Sign In dialog, once, as a person does; the
 * session it leaves (the refresh cookie and the token in local storage) is what the next context
 * starts with, so each test can run alone (`-t`) without signing in again. A signed-in context hands
 * its session on when it closes: the server renews a token after a plan change and replaces the
 * refresh cookie each time, and a replaced cookie used again would end the whole sign-in.
 */
export async function signedInBrowser(
  url: string,
  email: string,
  password: string,
  options: BrowserOptions = {},
): Promise<SignedInBrowser> {
  const contexts = await oneContextAtATime(url, options);
  let session: StorageState | undefined;
  const keepSession = async (context: BrowserContext) => {
    session = await context.storageState();
  };

  try {
    const first = await contexts.open(undefined, keepSession);
    await signInThroughDialog(first.page, url, email, password);
    await contexts.closeCurrent();
    return {
      newPage: async (path) => {
        const fresh = await contexts.open(session, keepSession);
        if (path !== undefined) await fresh.page.goto(`${url}${path}`);
        return fresh;
      },
      newSignedOutPage: () => contexts.open(),
      close: contexts.close,
    };
  } catch (error) {
    await contexts.closeBrowser();
    throw error;
  }
}
