import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/accessibility.js';
import { launchBrowser } from './support/browser.js';

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
