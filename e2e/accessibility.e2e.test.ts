import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/accessibility.js';
import { launchBrowser } from './support/browser.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

let context: BrowserContext;
let closeBrowser: () => Promise<void>;
let page: Page;

// The check every page of the other e2e files goes through must be able to fail.
describe('the accessibility check', () => {
  beforeAll(async () => {
    ({ context, close: closeBrowser } = await launchBrowser());
    page = await context.newPage();
  });

  afterAll(async () => {
    await closeBrowser?.();
  });

  it('reports grey-on-grey text and an unlabelled button, and passes a clean page', async () => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body><main>
      <p style="color:#777;background:#888">Hard to read</p><button></button></main></body></html>`);
    const ids = (await seriousViolations(page)).map((violation) => violation.id).sort();
    expect(ids).toEqual(['button-name', 'color-contrast']);
    await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body><main>
      <p style="color:#111;background:#fff">Easy to read</p><button>Go</button></main></body></html>`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/**
 * Holds every request `page` makes that matches `pattern` until the answer's `release` is called, so a
 * test can look at the page while it waits for them.
 */
async function held(pattern: RegExp): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

// The other files check each page once it has loaded; these check what a person sees before that.
describe('pages while they load', () => {
  const session = openedForBlock(() =>
    signedUpSession({}, `e2e-loading-${Date.now().toString(36)}@example.com`, 'correct horse battery'),
  );

  it('a page whose code is still on its way shows a named spinner and passes the check in both themes', async () => {
    ({ page } = await session().browser.newPage());
    const chunk = await held(/\/assets\/dashboard-route-[^/]+\.js$/);
    await page.goto(`${session().server.url}/dashboard`);
    await page.getByRole('progressbar', { name: 'Loading' }).waitFor();
    await inspectBothThemes(page, 'loading-page');
    chunk.release();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Loading' }).count()).toBe(0);
  });

  it('a page waiting for its data passes the check in both themes', async () => {
    ({ page } = await session().browser.newPage());
    const answer = await held(/\/api\/files(\?|$)/);
    await page.goto(`${session().server.url}/files`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The list's skeleton lines stand where the rows will be.
    await page.locator('.MuiSkeleton-root').first().waitFor();
    await inspectBothThemes(page, 'loading-data');
    answer.release();
  });
});
