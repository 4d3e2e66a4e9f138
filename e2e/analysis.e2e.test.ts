import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../packages/server/dist/admin/command.js';
import { postJson } from './support/accounts.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// Clean records: every value survives JSON -> CSV -> JSON, so every score must read 100.
const LOSSLESS = `[{"id": 1, "email": "ada@example.com", "tags": ["math", "code"], "address": {"city": "London"}},
 {"id": 2, "email": "grace@example.com", "tags": ["navy", "cobol"], "address": {"city": "New York"}}]`;
// Messy records: numbers stored as strings (which CSV reads back as numbers), a missing key, spaces.
const MESSY = `[{"order_no": "1001", "cust": {"email": "ada@example.com"}, "qty": "2", "note": " rush "},
 {"order_no": "1002", "cust": {"email": "grace@example.com"}, "qty": "1"},
 {"order_no": "1003", "cust": {"email": "alan@example.com"}, "qty": "5", "note": "gift"}]`;

const EMAIL = `e2e-analysis-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

// The operator command needs the server's services: it runs in this process.
const session = openedForBlock(() =>
  signedUpSession({}, EMAIL, PASSWORD, async (server) => {
    expect(await runAdminCommand(['grant', EMAIL, 'professional'], server.built.auth, server.built.payments)).toContain(
      'professional',
    );
  }),
);
let page: Page;

async function upload(name: string, content: string): Promise<void> {
  // A chosen file replaces the picker until it is cleared.
  const clear = page.getByRole('button', { name: 'Clear all' });
  if (await clear.isEnabled()) await clear.click();
  await page.getByTestId('file-input').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(content),
  });
  await page.getByText(name).first().waitFor();
  await page.getByRole('button', { name: 'Convert JSON File' }).click();
  await page.getByText(`${name} converted to CSV`).waitFor();
}

describe('premium analysis in a real browser', () => {
  /** A fresh signed-in page on the converter, reached from the dashboard as a person does. */
  async function openConverter(): Promise<void> {
    ({ page } = await session().browser.newPage('/dashboard'));
    await page.getByRole('link', { name: 'Convert', exact: true }).click();
  }

  // Each test starts on a fresh page and takes the steps before it again, so it runs alone.
  async function showAnalysisCard(): Promise<void> {
    await openConverter();
    await page.getByRole('button', { name: 'Hide AI Analysis' }).waitFor();
    await upload('orders.json', MESSY);
    const card = page.getByRole('region', { name: 'AI-Powered Analysis' });
    await card.getByText('Premium Feature').waitFor();
    await card.getByText('4 fields detected').waitFor();
    await card.getByText('Maximum depth: 2 levels').waitFor();
    await card.getByRole('button', { name: /Smart Column Names/ }).click();
    await card.getByText('Column 1:').waitFor();
    await card.getByText('Order Number', { exact: true }).waitFor();
    await card.getByText('cust.email', { exact: true }).first().waitFor();
    const issues = card.getByRole('list', { name: 'Data quality issues' });
    await issues.getByText(/qty/).first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await inspectBothThemes(page, 'analysis-card');
    await page.getByRole('button', { name: 'Hide AI Analysis' }).click();
    await card.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Show AI Analysis' }).click();
    await card.waitFor();
  }

  it('shows the AI-Powered Analysis card of a conversion, counted from the file', showAnalysisCard);

  it('opens the comparison from the converter and shows the scores the server computed', async () => {
    await showAnalysisCard();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const files = (await (
      await fetch(`${session().server.url}/api/files`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      files: { fileId: string }[];
    };
    const fileId = files.files[0]?.fileId ?? '';
    const expected = await (
      await postJson(`${session().server.url}/api/convert/compare-analysis`, { file_id: fileId }, token ?? '')
    ).json();
    // Record 2 has no `note`; its CSV row has an empty cell, read back as a null the original lacked.
    expect(expected.analysis.evidence.added_null).toBe(1);

    await page.getByRole('button', { name: 'Conversion Quality Analysis' }).click();
    const dialog = page.getByRole('dialog', { name: /AI-Powered File Comparison/ });
    await dialog.getByText('Premium Feature').first().waitFor();
    const trust = dialog.getByRole('group', { name: 'Trust Score', exact: true });
    await trust.getByText(`${expected.analysis.trust_score.toFixed(1)}%`).waitFor();
    await dialog
      .getByRole('group', { name: 'Accuracy', exact: true })
      .getByText(`${expected.analysis.accuracy_score.toFixed(1)}%`)
      .waitFor();
    await dialog.getByText(expected.analysis.quality_assessment).waitFor();
    await dialog.getByText(/1 null added by the CSV/).waitFor();
    await dialog
      .getByRole('group', { name: 'Quality Score', exact: true })
      .getByText(`${expected.analysis.quality_score.toFixed(1)}%`)
      .waitFor();
    await inspectBothThemes(page, 'comparison-dialog-converter');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('compares a lossless stored file from My Files: 100 everywhere, with the evidence', async () => {
    await openConverter();
    await upload('people.json', LOSSLESS);
    await page.getByRole('link', { name: 'Files', exact: true }).click();
    await page.waitForURL(`${session().server.url}/files`);
    await page.getByRole('button', { name: 'Compare people.csv' }).click();
    const dialog = page.getByRole('dialog', { name: /AI-Powered File Comparison/ });
    for (const score of [
      'Quality Score',
      'Trust Score',
      'Data Integrity',
      'Accuracy',
      'Structure Preservation',
      'Field Mapping Accuracy',
    ]) {
      await dialog.getByRole('group', { name: score, exact: true }).getByText('100.0%').waitFor();
    }
    await dialog.getByText('Lossless: all 10 values of 2 records came back exactly as written.').waitFor();
    await dialog.getByText('5 preserved, 0 lost, 0 gained').waitFor();
    await dialog
      .getByRole('group', { name: 'Trust Score', exact: true })
      .getByRole('img', { name: 'Trust band: 95 or more' })
      .waitFor();
    const sideBySide = dialog.getByLabel('Reconverted JSON preview');
    await expect.poll(() => sideBySide.textContent()).toContain('grace@example.com');
    await inspectBothThemes(page, 'comparison-dialog');

    await dialog.getByRole('tab', { name: 'Original JSON' }).click();
    const original = dialog.getByLabel('Original JSON', { exact: true });
    expect(await original.inputValue()).toBe(LOSSLESS);
    expect(await original.getAttribute('rows')).toBe('15');
    await dialog
      .getByText(`${Buffer.byteLength(LOSSLESS)} Bytes`)
      .first()
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'original_people.json' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('original_people.json');
    await dialog.getByRole('tab', { name: 'Reconverted JSON' }).click();
    expect(await dialog.getByLabel('Reconverted JSON', { exact: true }).inputValue()).toContain('"New York"');
  });
});
