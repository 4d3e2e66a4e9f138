import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../packages/server/dist/admin/command.js';
import { converterWithJsonFile } from './support/converter.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// Nothing changes data silently (DESIGN 7.16): an orders export with phone numbers and a formula, converted in
// the web app with its defaults (Spreadsheet-safe on), says what the guard changed, converts back to the same
// records with the defaults, and its comparison scores 100 with the guarded cells listed.

const ORDERS = Array.from({ length: 6 }, (_, k) => ({
  id: k + 1,
  customer: ['Ada', 'Grace', 'Alan'][k % 3],
  phone: `+49 30 ${1234560 + k}`,
  total: k === 1 ? -12.5 : 10 + k,
  note: k === 0 ? '=SUM(A1)' : k === 4 ? '-rush' : 'ok',
}));
const EMAIL = `e2e-guard-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

// The comparison is a premium feature.
const session = openedForBlock(() =>
  signedUpSession({ WORKERS: '1' }, EMAIL, PASSWORD, async (started) => {
    expect(
      await runAdminCommand(['grant', EMAIL, 'professional'], started.built.auth, started.built.payments),
    ).toContain('professional');
  }),
);
let page: Page;
let csvBytes: Buffer;

describe('the formula guard in a real browser', () => {
  // Each test starts on a fresh signed-in page and takes the steps before it again, so it runs alone.
  async function convertWithDefaults(): Promise<void> {
    page = await converterWithJsonFile(session().browser, 'orders.json', Buffer.from(JSON.stringify(ORDERS)));
    await page.getByText('orders.json').first().waitFor();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    await page.getByText('orders.json converted to CSV').waitFor();
    const notice = page.getByTestId('formula-guard-notice');
    await notice
      .getByText(/Spreadsheet-safe put a ' before 2 cells that a spreadsheet would run as a formula/)
      .waitFor();
    const text = await notice.textContent();
    expect(text).toContain('note: "=SUM(A1)" and note: "-rush"');
    expect(await notice.getByRole('switch', { name: 'Spreadsheet-safe' }).isChecked()).toBe(true);
    await inspectBothThemes(page, 'formula-guard-result');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    csvBytes = fs.readFileSync(await download.path());
    const lines = csvBytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    // Phone numbers and numbers are written as they are; the formula and the text after - are guarded.
    expect(lines[1]).toBe("1,Ada,+49 30 1234560,10,'=SUM(A1)");
    expect(lines[2]).toBe('2,Grace,+49 30 1234561,-12.5,ok');
    expect(lines[5]).toBe("5,Grace,+49 30 1234564,14,'-rush");
  }

  it(
    'converts with the defaults and says how many cells Spreadsheet-safe changed, with two, beside its switch',
    convertWithDefaults,
  );

  it('opens the comparison: 100, one verdict, the guarded values listed as such', async () => {
    await convertWithDefaults();
    await page.getByRole('button', { name: 'Conversion Quality Analysis' }).click();
    const dialog = page.getByRole('dialog', { name: /AI-Powered File Comparison/ });
    for (const score of ['Quality Score', 'Trust Score', 'Accuracy']) {
      await dialog.getByRole('group', { name: score, exact: true }).getByText('100.0%').waitFor();
    }
    await dialog.getByText(/^Lossless: all 30 values of 6 records came back exactly as written/).waitFor();
    expect(await dialog.getByTestId('verdict').allTextContents()).toEqual(['Highly reliable']);
    await dialog.getByText(/2 values have a ' in front in the CSV \(Spreadsheet-safe\)/).waitFor();
    await dialog.getByText('note (record 1): =SUM(A1)').waitFor();
    await dialog.getByText('None: nothing was lost or changed.').waitFor();
    const sideBySide = dialog.getByLabel('Reconverted JSON preview');
    await expect.poll(() => sideBySide.textContent()).toContain('"=SUM(A1)"');
    await inspectBothThemes(page, 'formula-guard-comparison');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('converts the downloaded CSV back with the defaults: the original records', async () => {
    await convertWithDefaults();
    await page.getByRole('button', { name: 'CSV to JSON' }).click();
    expect(await page.getByRole('checkbox', { name: 'Undo Spreadsheet-safe' }).isChecked()).toBe(true);
    await page.getByTestId('file-input').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: csvBytes });
    await page.getByRole('button', { name: 'Convert CSV File' }).click();
    await page.getByText('orders.csv converted to JSON').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(JSON.parse(fs.readFileSync(await download.path(), 'utf8'))).toEqual(ORDERS);
  });
});
