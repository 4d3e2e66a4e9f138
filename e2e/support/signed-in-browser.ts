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

/** One Chromium for a test file, signed in once; each test takes a fresh signed-in context from it. */
export interface SignedInBrowser {
  /**
   * Closes the previous test's context, and opens a new one holding the saved session; with `path`, its
   * page goes there (`/dashboard` is where signing in leaves a person).
   */
  newPage(path?: string): Promise<SignedInPage>;
  /** The same, for a test of signing in itself: a context with no session. */
  newSignedOutPage(): Promise<SignedInPage>;
  close(): Promise<void>;
}

/**
 * Launches Chromium and signs `email` in through the Sign In dialog, once, as a person does; the
 * session it leaves (the refresh cookie and the token in local storage) is what every later context
 * starts with, so each test can run alone (`-t`) without signing in again.
 */
export async function signedInBrowser(
  url: string,
  email: string,
  password: string,
  options: { timeoutMs?: number; permissions?: string[] } = {},
): Promise<SignedInBrowser> {
  requireChromium();
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  let closeCurrent = async () => {};

  async function open(storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<SignedInPage> {
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
      await context.close();
      await unwatch();
    };
    return { page: await context.newPage(), context, guard };
  }

  try {
    const first = await open();
    await signInThroughDialog(first.page, url, email, password);
    const session = await first.context.storageState();
    await closeCurrent();
    return {
      newPage: async (path) => {
        const fresh = await open(session);
        if (path !== undefined) await fresh.page.goto(`${url}${path}`);
        return fresh;
      },
      newSignedOutPage: () => open(),
      close: async () => {
        try {
          await closeCurrent();
        } finally {
          await browser.close();
        }
      },
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
