import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughDialog } from './support/accounts.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSessionOn } from './support/signed-up-session.js';
import { openedForBlock, stepOnce } from './support/steps.js';
import { startTestServer } from './support/test-server.js';

// Values a float would round: the app must carry them through as written.
const BIG = '12345678901234567890';
const TINY = '0.1000000000000000055';
const RECORDS = `[{"id": ${BIG}, "name": "Ada", "tags": ["math", "code"], "address": {"city": "London"}},
 {"id": 2, "name": "Grace, Hopper", "price": ${TINY}}]`;
// The engine's CSV for RECORDS with default options (index arrays, comma, LF, no BOM).
const EXPECTED_CSV = `id,name,tags.0,tags.1,address.city,price\n${BIG},Ada,math,code,London,\n2,"Grace, Hopper",,,,${TINY}\n`;

const RUN = Date.now().toString(36);
// The account every signed-in test uses, signed in once; the sign-up test makes an account of its own.
const EMAIL = `e2e-${RUN}@example.com`;
const SIGN_UP_EMAIL = `e2e-sign-up-${RUN}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() =>
  signedUpSessionOn(() => startTestServer(), EMAIL, PASSWORD, { timeoutMs: 10_000 }),
);
const url = () => session().server.url;
let page: Page;

/** Waits for the preview to show both exact numbers, then downloads the CSV from it. */
async function previewedThenDownloaded(): Promise<Download> {
  const preview = page.getByRole('region', { name: 'Result preview' });
  await preview.getByText(BIG, { exact: true }).waitFor();
  await preview.getByText(TINY, { exact: true }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  return download;
}

async function downloadedText(download: Download): Promise<string> {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8');
}

/** A fresh signed-in page; with `path`, it goes there. */
async function open(path?: string): Promise<void> {
  ({ page } = await session().browser.newPage(path));
}

/** A fresh page with no session. */
async function openSignedOut(): Promise<void> {
  ({ page } = await session().browser.newSignedOutPage());
}

// Each test starts on a fresh page. A step whose result a later test reads (a stored file, its deletion, a
// conversion in the audit) is taken by the first test that needs it, so each test runs alone.
const convertUploadedFile = stepOnce(async () => {
  await open('/dashboard');
  await page.getByRole('link', { name: 'Convert', exact: true }).click();
  await page.waitForURL(`${url()}/convert`);
  await page.getByTestId('file-input').setInputFiles({
    name: 'people.json',
    mimeType: 'application/json',
    buffer: Buffer.from(RECORDS),
  });
  await page.getByText('people.json').waitFor();
  await page.getByRole('button', { name: 'Convert JSON File' }).click();
  const download = await previewedThenDownloaded();
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(download.url()).toMatch(/^http:\/\/[^/]+\/api\/files\/download\/[\w-]+\?ticket=/);
  expect(await downloadedText(download)).toBe(EXPECTED_CSV);
  await inspectBothThemes(page, 'convert');
});

const convertPastedCsv = stepOnce(async () => {
  await open('/dashboard');
  await page.getByRole('link', { name: 'Convert', exact: true }).click();
  await page.waitForURL(`${url()}/convert`);
  await page.getByRole('button', { name: 'CSV to JSON' }).click();
  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('CSV text').fill(`id,score\n${BIG},${TINY}\n`);
  await page.getByRole('button', { name: 'Convert CSV Text' }).click();
  const result = page.getByLabel('Result', { exact: true });
  await result.waitFor();
  const json = await result.inputValue();
  expect(json).toContain(BIG);
  expect(json).toContain(TINY);
});

const deleteStoredFile = stepOnce(async () => {
  await convertUploadedFile();
  await open('/dashboard');
  await page.getByRole('link', { name: 'Files', exact: true }).click();
  await page.waitForURL(`${url()}/files`);
  const row = page.getByRole('row').filter({ hasText: 'people' });
  await row.first().waitFor();
  await inspectBothThemes(page, 'files');
  const deleteButtons = page.getByRole('button', { name: /^Delete / });
  const before = await deleteButtons.count();
  await row
    .first()
    .getByRole('button', { name: /^Delete / })
    .click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText('Are you sure you want to delete this file? This action cannot be undone.').waitFor();
  await inspectBothThemes(page, 'files-delete-dialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByRole('button', { name: /^Delete / }).count()).toBe(before - 1);
});

describe('the web app in a real browser', () => {
  it('sends a signed-out visitor from a private route to the landing page', async () => {
    await openSignedOut();
    await page.goto(`${url()}/files`);
    await page.waitForURL(`${url()}/`);
    await page.getByRole('heading', { name: 'Turn nested JSON into clean CSV, and back.' }).waitFor();
    await page.goto(`${url()}/convert-page`);
    await page.waitForURL(`${url()}/`);
  });

  it('quick-converts pasted JSON and downloads the CSV without an account', async () => {
    await openSignedOut();
    await page.goto(url());
    await page.getByLabel('JSON', { exact: true }).fill(RECORDS);
    await page.getByRole('button', { name: 'Convert to CSV' }).click();
    const download = await previewedThenDownloaded();
    expect(download.suggestedFilename()).toBe('converted.csv');
    expect(await downloadedText(download)).toBe(EXPECTED_CSV);
    await inspectBothThemes(page, 'landing');
    await page.goto(`${url()}/pricing`);
    await page.getByText('Compare plans').waitFor();
    // Signed out, the Buy Credits dialog opens and offers to sign in first (pricing-and-history.e2e buys so).
    await page.getByRole('button', { name: 'Buy Conversions' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy Credits' });
    expect(await buy.getByRole('button', { name: 'Sign In to Buy' }).isEnabled()).toBe(true);
    await buy.getByRole('button', { name: 'Close' }).click();
    await buy.waitFor({ state: 'hidden' });
    await inspectBothThemes(page, 'pricing');
  });

  it('signs up, confirms the e-mailed code and signs in', async () => {
    await openSignedOut();
    await page.goto(url());
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create one' }).click();
    await dialog.getByLabel('Email').fill(SIGN_UP_EMAIL);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm password').fill('not the same');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('Passwords do not match').waitFor();
    await inspectBothThemes(page, 'auth-signup');
    await dialog.getByLabel('Confirm password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('Account created successfully! Please check your email for a confirmation code.').waitFor();
    const mail = await session().server.inbox.next(SIGN_UP_EMAIL);
    expect(mail.code).toMatch(/^\d{6}$/);
    await dialog.getByLabel('Confirmation code').fill(mail.code ?? '');
    await inspectBothThemes(page, 'auth-confirm');
    await dialog.getByRole('button', { name: 'Confirm Email' }).click();
    await dialog
      .getByText('Your email has been confirmed successfully! You can now sign in to your account.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Sign In Now' }).click();
    await dialog.getByLabel('Email').fill(SIGN_UP_EMAIL);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.getByText('Sign in successful! Redirecting to dashboard...').waitFor();
    await page.waitForURL(`${url()}/dashboard`);
    await page.getByText(`Welcome, ${SIGN_UP_EMAIL}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await page.getByText('Choose Your Plan').waitFor();
    await inspectBothThemes(page, 'dashboard');
  });

  it('converts an uploaded file, previews it exactly and downloads the stored result', async () => {
    await convertUploadedFile();
  });

  it('converts pasted CSV to JSON keeping every digit', async () => {
    await convertPastedCsv();
  });

  it('lists the file in My Files and deletes it after confirmation', async () => {
    await deleteStoredFile();
  });

  it('shows the activity in Audit & Usage History', async () => {
    await convertPastedCsv();
    await deleteStoredFile();
    await open('/dashboard');
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.waitForURL(`${url()}/audit`);
    const table = page.getByRole('table', { name: 'Recent activity' });
    await table.waitFor();
    for (const action of ['JSON to CSV', 'CSV to JSON', 'Download', 'Delete', 'Sign in']) {
      await table.getByRole('cell', { name: action, exact: true }).first().waitFor();
    }
    await page.getByRole('figure', { name: /Conversions per day over the last 30 days/ }).waitFor();
    await inspectBothThemes(page, 'audit');
  });

  it('keeps changed settings and the theme after a reload', async () => {
    await open('/dashboard');
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(`${url()}/settings`);
    await page.getByText('Account Information').waitFor();
    await page.getByLabel('Delete files after').click();
    await page.getByRole('option', { name: '7 days' }).click();
    await page.getByRole('checkbox', { name: 'Spreadsheet-safe' }).check();
    await page.getByLabel('Theme', { exact: true }).click();
    await page.getByRole('option', { name: 'Dark' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully!').waitFor();
    await inspectBothThemes(page, 'settings');
    await page.reload();
    await page.getByText('Account Information').waitFor();
    await expect(page.getByLabel('Delete files after').textContent()).resolves.toBe('7 days');
    await expect(page.getByRole('checkbox', { name: 'Spreadsheet-safe' }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Theme', { exact: true }).textContent()).resolves.toBe('Dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 18, 23)');
    // The toggle flips it back, and that is kept too.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await page.getByText('Account Information').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  it('has one theme while signed in: the top-bar switch saves the account’s setting, which Settings shows', async () => {
    const dark = 'rgb(15, 18, 23)';
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await open();
    await page.goto(`${url()}/dashboard`);
    await page.getByText(`Welcome, ${EMAIL}`).waitFor();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(background).toBe(dark);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByText('Account Information').waitFor();
    await expect(page.getByLabel('Theme', { exact: true }).textContent()).resolves.toBe('Dark');
    // What this browser holds does not decide while signed in: after a reload the account's setting does.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByText('Account Information').waitFor();
    await expect.poll(background).toBe(dark);
    await expect(page.getByLabel('Theme', { exact: true }).textContent()).resolves.toBe('Dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    // Settings changes it at once, and the top bar follows.
    await page.getByLabel('Theme', { exact: true }).click();
    await page.getByRole('option', { name: 'Light' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    await page.reload();
    await page.getByText('Account Information').waitFor();
    await expect(page.getByLabel('Theme', { exact: true }).textContent()).resolves.toBe('Light');
  });

  it('fits a 360 px wide phone', async () => {
    await open();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${url()}/convert`);
    await page.getByRole('heading', { name: 'Data Conversion Tool' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).last().waitFor();
    await inspectBothThemes(page, 'phone-drawer');
    await page.keyboard.press('Escape');
    await page.goto(`${url()}/dashboard`);
    await page.getByText(`Welcome, ${EMAIL}`).waitFor();
    await inspectBothThemes(page, 'phone-dashboard');
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  it('signs in on a browser whose clock is an hour ahead and renews the token no more than a true clock would', async () => {
    const fresh = await session().browser.newSignedOutPage();
    page = fresh.page;
    await fresh.context.clock.install({ time: Date.now() + 60 * 60_000 });
    await fresh.context.clock.resume();
    const renewals: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) renewals.push(request.url());
    });
    await signInThroughDialog(page, url(), EMAIL, PASSWORD);
    await page.getByText(`Welcome, ${EMAIL}`).waitFor();
    // By its claims the token expired an hour ago on this clock; counted from its arrival it has 15 minutes.
    await page.reload();
    await page.getByText(`Welcome, ${EMAIL}`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(renewals).toEqual([]);
  });

  it('signs out through the server and returns to the landing page', async () => {
    const fresh = await session().browser.newPage();
    page = fresh.page;
    // The token is 14.5 minutes old here, so the dashboard's calls wait on a renewal when Sign Out is
    // clicked: none of them may go out signed out, and the renewal may not outlive the sign-out.
    await fresh.context.clock.install({ time: Date.now() + 14.5 * 60_000 });
    await fresh.context.clock.resume();
    await page.goto(`${url()}/dashboard`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${url()}/`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // The refresh cookie was revoked: a private route stays closed after a reload.
    await page.goto(`${url()}/dashboard`);
    await page.waitForURL(`${url()}/`);
  });
});
