import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, postJson, signInThroughDialog } from './support/accounts.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

const EMAIL = `e2e-settings-files-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';
const RECORDS = '[{"id":1,"name":"Ada"},{"id":2,"name":"Grace"}]';

/** Stores one conversion over the API before the browser signs in: My Files has a row to act on. */
const session = openedForBlock(() =>
  signedUpSession({}, EMAIL, PASSWORD, async (server) => {
    const login = await postJson(`${server.url}/api/auth/login`, { email: EMAIL, password: PASSWORD });
    const { tokens } = (await login.json()) as { tokens: { access_token: string } };
    const stored = await fetch(`${server.url}/api/convert/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` },
      body: RECORDS,
    });
    expect(stored.status, await stored.clone().text()).toBe(200);
  }),
);
let page: Page;

async function open(path: string): Promise<void> {
  ({ page } = await session().browser.newPage(path));
}

/** Whether an element lies wholly within the window as it is scrolled now. */
async function inView(name: string, role: 'button' | 'heading'): Promise<boolean> {
  const box = await page.getByRole(role, { name, exact: true }).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describe('My Files on a phone', () => {
  it('shows every action of a row on screen at 390 px and downloads the file', async () => {
    await open('/files');
    await page.setViewportSize({ width: 390, height: 844 });
    const table = page.getByRole('table', { name: 'Files' });
    const download = table.getByRole('button', { name: /^Download .+\.csv$/ });
    await download.waitFor();
    // Nothing wider than the screen: no action waits off to the right.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const action of ['Download', 'Compare', 'Delete']) {
      const box = await table.getByRole('button', { name: new RegExp(`^${action} `) }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `${action} on screen`).toBe(true);
    }
    await inspectBothThemes(page, 'files-phone');
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const csv = fs.readFileSync(await (saved as Download).path(), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('id,name');
  });
});

describe('Settings', () => {
  it('has an index of its sections that takes you to each', async () => {
    await open('/settings');
    const index = page.getByRole('navigation', { name: 'Settings sections' });
    await index.waitFor();
    // Every link of the index lands on a section of the page.
    const missing = await index.evaluate((nav) =>
      [...nav.querySelectorAll('a')].map((link) => link.hash.slice(1)).filter((id) => !document.getElementById(id)),
    );
    expect(missing).toEqual([]);
    expect(await index.getByRole('link').count()).toBe(8);
    await index.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/settings#settings-webhooks$/);
    await expect.poll(() => inView('Webhooks', 'heading')).toBe(true);
    await inspectBothThemes(page, 'settings-index');
  });

  it('keeps the save bar in sight while a change is unsaved, and asks before leaving with it', async () => {
    await open('/settings');
    await page.getByLabel('Delete files after').click();
    await page.getByRole('option', { name: '90 days' }).click();
    const bar = page.getByRole('region', { name: 'Save settings' });
    await bar.getByText('You have changed 1 setting: it is not saved yet.').waitFor();
    // Scrolled back to the top of the long page, Save is still in the window.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => inView('Save Settings', 'button')).toBe(true);
    await inspectBothThemes(page, 'settings-unsaved');

    // Leaving asks; staying keeps the change.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await page.getByLabel('Delete files after').textContent()).toBe('90 days');

    // Closing the tab asks the browser's question.
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const question = await asked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();

    // Leaving anyway loses it: the saved setting is as it was.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.waitForURL(/\/settings$/);
    expect(await page.getByLabel('Delete files after').textContent()).toBe('30 days');
  });

  it('saves from the bar, then leaves without asking', async () => {
    await open('/settings');
    await page.getByRole('checkbox', { name: 'UTF-8 BOM for Excel' }).check();
    const bar = page.getByRole('region', { name: 'Save settings' });
    await bar.getByRole('button', { name: 'Discard changes' }).click();
    expect(await page.getByRole('checkbox', { name: 'UTF-8 BOM for Excel' }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'UTF-8 BOM for Excel' }).check();
    await bar.getByRole('button', { name: 'Save Settings' }).click();
    await bar.getByText('Settings saved successfully!').waitFor();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    expect(await page.getByRole('checkbox', { name: 'UTF-8 BOM for Excel' }).isChecked()).toBe(true);
  });
});

describe('Deleting the account', () => {
  it('asks for the password, deletes the account and its session, and leaves nothing signed in', async () => {
    // An account of its own, so the other tests keep theirs.
    const email = `e2e-delete-${Date.now().toString(36)}@example.com`;
    const { server, browser } = session();
    await confirmedAccount(server, email, PASSWORD);
    const fresh = await browser.newSignedOutPage();
    page = fresh.page;
    await signInThroughDialog(page, server.url, email, PASSWORD);
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('button', { name: 'Delete Account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('not the password');
    // A wrong password is refused once, and the session stays as it was (no renewal, no second attempt).
    await fresh.guard.expectAnswer({ status: 401, method: 'DELETE', path: '/api/profile' }, async () => {
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await dialog.getByText('Invalid email or password').waitFor();
    });
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();

    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // The spec's sign-in answer for an unknown address: the dialog then offers to sign up.
    const login = await postJson(`${server.url}/api/auth/login`, { email, password: PASSWORD });
    expect(await login.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
  });
});
