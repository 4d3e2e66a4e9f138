import fs from 'node:fs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { converterWithJsonFile } from './support/converter.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// A person puts a list of objects in a table of its own: the converter previews the main table, says the
// result is a ZIP of linked tables, downloads it, and reads the ZIP back into the same JSON.

const ORDERS = [
  {
    id: 1,
    customer: 'Ada',
    items: [
      { sku: 'a', qty: 1.1 },
      { sku: 'b', qty: 2 },
    ],
    tags: ['x'],
  },
  { id: 2, customer: 'Grace', items: [{ sku: 'c', qty: 3 }], tags: ['y', 'z'] },
];
const EMAIL = `e2e-relational-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() => signedUpSession({ WORKERS: '1' }, EMAIL, PASSWORD));
let page: Page;
let zipBytes: Buffer;

describe('relational output in a real browser', () => {
  // Each test starts on a fresh signed-in page and takes the steps before it again, so it runs alone.
  async function planItemsAsTable(): Promise<void> {
    page = await converterWithJsonFile(session().browser, 'orders.json', Buffer.from(JSON.stringify(ORDERS)));
    await page.getByText('orders.json').first().waitFor();
    await page.getByRole('button', { name: 'Propose a flattening plan' }).click();
    await page.getByRole('combobox', { name: 'Strategy for items', exact: true }).click();
    await page.getByRole('option', { name: 'Own table (linked by id)' }).click();
    await page
      .getByText('This path goes to a table of its own, each row linked to its parent row by id: items.')
      .waitFor();
    await page.getByText(/The result is a ZIP of linked CSV tables/).waitFor();
    const preview = page.getByRole('region', { name: 'Preview of the main table under this plan' });
    await preview.getByRole('columnheader', { name: 'customer', exact: true }).waitFor();
    expect(await preview.getByRole('cell', { name: 'tables/items', exact: true }).count()).toBe(2);
    await page.getByText('Own tables: tables/items.csv (3 rows).').waitFor();
    await inspectBothThemes(page, 'relational-plan');
  }

  async function convertToZip(): Promise<void> {
    await planItemsAsTable();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    await page.getByText('orders.json converted to ZIP').waitFor();
    await page.getByText(/A ZIP of linked tables/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download ZIP' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('orders.zip');
    zipBytes = fs.readFileSync(await download.path());
    const entries = unzipSync(new Uint8Array(zipBytes));
    expect(Object.keys(entries)).toEqual([
      'plan.json',
      'written.json',
      'datapackage.json',
      'schema.sql',
      'main.csv',
      'tables/items.csv',
    ]);
    const text = (name: string) => new TextDecoder().decode(entries[name]).replace(/^\uFEFF/, '');
    expect(JSON.parse(text('plan.json')).paths).toContainEqual({ path: 'items', strategy: 'table' });
    expect(text('main.csv').split(/\r?\n/)[1]).toBe('1,1,Ada,tables/items,x');
    expect(text('tables/items.csv').split(/\r?\n/).slice(0, 4)).toEqual([
      '_id,_parent_id,_index,_parent_key,sku,qty',
      '1,1,0,1,a,1.1',
      '2,1,1,1,b,2',
      '3,2,0,2,c,3',
    ]);
    await inspectBothThemes(page, 'relational-converted');
  }

  it('puts `items` in a table of its own: the preview shows the main table and names the own table', planItemsAsTable);

  it('converts the file into a ZIP of linked tables and downloads it with its name', convertToZip);

  it('reads the ZIP back in CSV to JSON: the same records', async () => {
    await convertToZip();
    await page.getByRole('button', { name: 'CSV to JSON' }).click();
    await page.getByText('.csv or .zip').waitFor();
    await page.getByTestId('file-input').setInputFiles({
      name: 'orders.zip',
      mimeType: 'application/zip',
      buffer: zipBytes,
    });
    await page.getByRole('button', { name: 'Convert CSV File' }).click();
    await page.getByText('orders.zip converted to JSON').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('orders.json');
    expect(JSON.parse(fs.readFileSync(await download.path(), 'utf8'))).toEqual(ORDERS);
    await inspectBothThemes(page, 'relational-read-back');
  });
});
