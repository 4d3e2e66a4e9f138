import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterEach } from 'vitest';
import { PageGuard } from './page-guard.js';

/** Debian's Chromium; CI installs it (`apt-get install chromium`), and its absence fails the run. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The guards of the browsers still open in this test file. */
const guards = new Set<PageGuard>();

/** Headless Debian Chromium, quiet: what every browser of the e2e tests is launched with. */
export const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Fails the test file at once, with how to fix it, when Chromium is not installed. */
export function requireChromium(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with apt-get install -y chromium`);
  }
}

/** Watches a context's pages; what it meets fails the test that is running (see the afterEach below). */
export function watch(context: BrowserContext): { guard: PageGuard; unwatch: () => Promise<void> } {
  const guard = new PageGuard(context);
  guards.add(guard);
  return {
    guard,
    unwatch: async () => {
      guards.delete(guard);
      await guard.check();
    },
  };
}

// Every test of a file that opens a browser fails on what its pages met (console errors, uncaught
// exceptions, 4xx/5xx answers the test did not declare): see PageGuard.
afterEach(async () => {
  for (const guard of guards) await guard.check();
});

/**
 * A fresh Chromium profile (no cookies, no storage), headless, its pages watched by a PageGuard (declare an
 * answer the test causes on purpose with `guard.expectAnswer`). Closing it reports what is left unchecked.
 */
export async function launchBrowser(viewport = { width: 1360, height: 900 }): Promise<{
  context: BrowserContext;
  guard: PageGuard;
  close: () => Promise<void>;
}> {
  requireChromium();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...LAUNCH_OPTIONS,
    viewport,
    acceptDownloads: true,
  });
  const { guard, unwatch } = watch(context);
  return {
    context,
    guard,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
      await unwatch();
    },
  };
}
