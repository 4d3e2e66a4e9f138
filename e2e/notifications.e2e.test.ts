import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount, signInThroughDialog } from './support/accounts.js';
import { launchBrowser } from './support/browser.js';
import { inspectBothThemes } from './support/screenshots.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// Every stored conversion counts as long (LONG_CONVERSION_SECONDS=0), so one conversion notifies.
const EMAIL = `e2e-notify-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

let server: TestServer;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;
let page: Page;

describe('the notification bell in a real browser', () => {
  beforeAll(async () => {
    server = await startTestServer({ env: { LONG_CONVERSION_SECONDS: '0' } });
    await confirmedAccount(server, EMAIL, PASSWORD);
    ({ context, close: closeBrowser } = await launchBrowser());
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  }, 90_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
  });

  it('signs in to a bell with nothing unread', async () => {
    await signInThroughDialog(page, server.url, EMAIL, PASSWORD);
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
  });

  it('converts a file, and the bell shows the finished conversion', async () => {
    await page.getByRole('link', { name: 'Convert', exact: true }).click();
    await page.getByTestId('file-input').setInputFiles({
      name: 'orders.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[{"id": 1, "item": "pen"}, {"id": 2, "item": "ink"}]'),
    });
    await page.getByText('orders.json').first().waitFor();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    // The notification comes from a background job; the bell looks again when the page is reloaded. Until its
    // list has arrived the bell says none unread, so each look waits a moment for the count rather than
    // reading the bell at once (which read it before the list and made this test flaky).
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect
      .poll(
        async () => {
          await page.reload();
          return bell.waitFor({ timeout: 3_000 }).then(
            () => 1,
            () => 0,
          );
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    const mail = await server.inbox.next(EMAIL);
    expect(mail.raw).toContain('Subject: orders.json converted to CSV');
  });

  it('opens it from the bell with the keyboard, which marks it read and goes to the files', async () => {
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await menu.getByRole('menuitem', { name: 'Mark all read (1)' }).waitFor();
    await inspectBothThemes(page, 'notifications-menu');
    const entry = menu.getByRole('menuitem', { name: /^Unread:\s*orders.json converted to CSV/ });
    await entry.getByText(/finished in .* \(2 records, 2 columns\)/).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/files`);
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
    await page.getByRole('button', { name: 'Notifications, none unread' }).click();
    await menu.getByRole('menuitem', { name: /^orders.json converted to CSV/ }).waitFor();
    await menu.getByRole('menuitem', { name: 'No unread notifications' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('the settings say what each notification switch rules', async () => {
    await page.goto(`${server.url}/settings`);
    const emails = page.getByRole('switch', { name: 'E-mail notifications' });
    await emails.waitFor();
    expect(await emails.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText('Conversions over 30 seconds and batches, finished or failed.').waitFor();
    await inspectBothThemes(page, 'settings-notifications');
  });
});
