import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// CSV types in the web converter: an export that quotes every cell is typed per column with the defaults, and
// says so column by column; a code column stays all strings when Types is set to per column.

const EXPORT = '"Country Name","Country Code","2020"\n"Aruba","ABW","106766"\n"Chad","TCD",""\n';
const ZIPS = 'zip,city\n35760,Huntsville\n03432,Nelson\n';
const EMAIL = `e2e-csv-types-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() => signedUpSession({}, EMAIL, PASSWORD));
let page: Page;

async function downloadedText(button: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return fs.readFileSync(await download.path(), 'utf8');
}

/** A fresh signed-in converter page on CSV to JSON, its saved options loaded. */
async function openCsvToJson(): Promise<void> {
  ({ page } = await session().browser.newPage('/convert'));
  await page.getByRole('heading', { name: 'Data Conversion Tool' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'CSV to JSON' }).click();
}

describe('CSV types in a real browser', () => {
  it('types an export quoting every cell per column with the defaults, and lists each decision', async () => {
    await openCsvToJson();
    await page.getByTestId('file-input').setInputFiles({
      name: 'population.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(EXPORT),
    });
    await page.getByText('population.csv').first().waitFor();
    await page.getByRole('button', { name: 'Convert CSV File' }).click();
    await page.getByText(/^population\.csv converted to /).waitFor();
    const typing = page.getByTestId('csv-column-types');
    await typing.waitFor();
    expect(await typing.textContent()).toContain('every cell is quoted, so quoting says nothing about types');
    await typing.getByText('2020: numbers (1 number, 1 empty)').waitFor();
    expect(JSON.parse(await downloadedText('Download JSON'))).toEqual([
      { 'Country Name': 'Aruba', 'Country Code': 'ABW', '2020': 106766 },
      { 'Country Name': 'Chad', 'Country Code': 'TCD', '2020': null },
    ]);
  });

  it('keeps a pasted code column all strings with Types set to per column', async () => {
    await openCsvToJson();
    await page.getByRole('combobox', { name: 'Types' }).click();
    await page.getByRole('option', { name: 'Per column (codes stay text)' }).click();
    await page.getByRole('button', { name: 'Paste text' }).click();
    await page.getByLabel('CSV text').fill(ZIPS);
    await page.getByRole('button', { name: 'Convert CSV Text' }).click();
    await page.getByText('Your CSV was converted to JSON.').waitFor();
    await page.getByText('zip: strings (1 look like numbers, 1 do not)').waitFor();
    expect(JSON.parse(await downloadedText('Download JSON'))).toEqual([
      { zip: '35760', city: 'Huntsville' },
      { zip: '03432', city: 'Nelson' },
    ]);
  });
});
