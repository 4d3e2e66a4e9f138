import type { Page } from 'playwright-core';
import type { SignedInBrowser } from './signed-in-browser.js';

/**
 * A fresh signed-in page, gone from the dashboard to the converter as a person goes, with the JSON file `name`
 * chosen: the first steps of every converter test, so that each test can run alone.
 */
export async function converterWithJsonFile(browser: SignedInBrowser, name: string, bytes: Buffer): Promise<Page> {
  const { page } = await browser.newPage('/dashboard');
  await page.getByRole('link', { name: 'Convert', exact: true }).click();
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/json', buffer: bytes });
  return page;
}
