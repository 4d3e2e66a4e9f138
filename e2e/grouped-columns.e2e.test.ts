import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { converterWithJsonFile } from './support/converter.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// Columns of one array together: orders whose item lists differ in length, converted in the web app with its
// defaults, give a CSV with every `items.N.*` column side by side; without "Group array columns" the columns
// come in the order they were first seen, as the CLI and the API write them by default.

const ORDERS = [
  { id: 1, items: [{ sku: 'a', qty: 1 }], note: 'first' },
  { id: 2, items: [{ sku: 'b', qty: 2 }, { sku: 'c', qty: 3 }], note: 'second' },
];
const EMAIL = `e2e-grouped-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() => signedUpSession({}, EMAIL, PASSWORD));

/** Converts the orders with the options as they are on `page`, and answers the downloaded CSV's lines. */
async function convertedLines(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Convert JSON File' }).click();
  await page.getByText('orders.json converted to CSV').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  return fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
}

async function converterWithOrders(): Promise<Page> {
  const page = await converterWithJsonFile(session().browser, 'orders.json', Buffer.from(JSON.stringify(ORDERS)));
  await page.getByText('orders.json').first().waitFor();
  return page;
}

describe("each array's columns together in a real browser", () => {
  it('groups the columns of an array with the defaults', async () => {
    const page = await converterWithOrders();
    expect(await page.getByRole('checkbox', { name: 'Group array columns' }).isChecked()).toBe(true);
    const lines = await convertedLines(page);
    expect(lines.slice(0, 3)).toEqual([
      'id,items.0.sku,items.0.qty,items.1.sku,items.1.qty,note',
      '1,a,1,,,first',
      '2,b,2,c,3,second',
    ]);
  });

  it('writes the first-seen order when "Group array columns" is cleared', async () => {
    const page = await converterWithOrders();
    await page.getByRole('checkbox', { name: 'Group array columns' }).uncheck();
    const lines = await convertedLines(page);
    expect(lines.slice(0, 3)).toEqual([
      'id,items.0.sku,items.0.qty,note,items.1.sku,items.1.qty',
      '1,a,1,first,,',
      '2,b,2,second,c,3',
    ]);
  });
});
