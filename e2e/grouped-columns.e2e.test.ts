import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { converterWithJsonFile } from './support/converter.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// Columns of one array together: orders whose item lists differ in length, converted in the web app with its
// defaults, give a preview and a CSV with every `items.N.*` column side by side; without "Group array columns" the columns
// come in the order they were first seen, as the CLI and the API write them by default.

const ORDERS = [
  { id: 1, items: [{ sku: 'a', qty: 1 }], note: 'first' },
  {
    id: 2,
    items: [
      { sku: 'b', qty: 2 },
      { sku: 'c', qty: 3 },
    ],
    note: 'second',
  },
];
const EMAIL = `e2e-grouped-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() => signedUpSession({}, EMAIL, PASSWORD));

/**
 * Converts the orders with the options as they are on `page`; answers the preview's column headers and the
 * downloaded CSV's lines.
 */
async function converted(page: Page): Promise<{ previewed: string[]; lines: string[] }> {
  await page.getByRole('button', { name: 'Convert JSON File' }).click();
  await page.getByText('orders.json converted to CSV').waitFor();
  const preview = page.getByRole('region', { name: 'Result preview' });
  await preview.getByRole('columnheader').first().waitFor();
  const previewed = (await preview.getByRole('columnheader').allTextContents()).map((name) => name.trim());
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  return { previewed, lines };
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
    await inspectBothThemes(page, 'grouped-columns-options');
    const { previewed, lines } = await converted(page);
    expect(previewed).toEqual(['#', 'id', 'items.0.sku', 'items.0.qty', 'items.1.sku', 'items.1.qty', 'note']);
    expect(lines.slice(0, 3)).toEqual([
      'id,items.0.sku,items.0.qty,items.1.sku,items.1.qty,note',
      '1,a,1,,,first',
      '2,b,2,c,3,second',
    ]);
  });

  it('writes the first-seen order when "Group array columns" is cleared', async () => {
    const page = await converterWithOrders();
    await page.getByRole('checkbox', { name: 'Group array columns' }).uncheck();
    const { previewed, lines } = await converted(page);
    expect(previewed).toEqual(['#', 'id', 'items.0.sku', 'items.0.qty', 'note', 'items.1.sku', 'items.1.qty']);
    expect(lines.slice(0, 3)).toEqual([
      'id,items.0.sku,items.0.qty,note,items.1.sku,items.1.qty',
      '1,a,1,first,,',
      '2,b,2,second,c,3',
    ]);
  });
});
