import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { converterWithJsonFile } from './support/converter.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSessionOn } from './support/signed-up-session.js';
import { openedForBlock, stepOnce } from './support/steps.js';
import { startTestServer } from './support/test-server.js';

// Every stored conversion counts as long (LONG_CONVERSION_SECONDS=0), so one conversion notifies.
const EMAIL = `e2e-notify-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() =>
  signedUpSessionOn(() => startTestServer({ env: { LONG_CONVERSION_SECONDS: '0' } }), EMAIL, PASSWORD, {
    timeoutMs: 15_000,
  }),
);
let page: Page;

// Each test starts on a fresh signed-in page; the conversion whose notification two tests read is taken by the
// first of them that runs, so each test runs alone.
const convertAndHearOfIt = stepOnce(async () => {
  page = await converterWithJsonFile(
    session().browser,
    'orders.json',
    Buffer.from('[{"id": 1, "item": "pen"}, {"id": 2, "item": "ink"}]'),
  );
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
  const mail = await session().server.inbox.next(EMAIL);
  expect(mail.raw).toContain('Subject: orders.json converted to CSV');
});

describe('the notification bell in a real browser', () => {
  it('opens on a bell with nothing unread', async () => {
    ({ page } = await session().browser.newPage('/dashboard'));
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
  });

  it('converts a file, and the bell shows the finished conversion', async () => {
    await convertAndHearOfIt();
  });

  it('opens it from the bell with the keyboard, which marks it read and goes to the files', async () => {
    await convertAndHearOfIt();
    ({ page } = await session().browser.newPage('/dashboard'));
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await menu.getByRole('menuitem', { name: 'Mark all read (1)' }).waitFor();
    await inspectBothThemes(page, 'notifications-menu');
    const entry = menu.getByRole('menuitem', { name: /^Unread:\s*orders.json converted to CSV/ });
    // A short title and one sentence, not the e-mail's text.
    await entry.getByText(/^Finished in .* \(2 records, 2 columns\)\. The result is in your files\.$/).waitFor();
    expect(await entry.getByText(/Your conversion of orders\.json/).count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${session().server.url}/files`);
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
    await page.getByRole('button', { name: 'Notifications, none unread' }).click();
    await menu.getByRole('menuitem', { name: /^orders.json converted to CSV/ }).waitFor();
    await menu.getByRole('menuitem', { name: 'No unread notifications' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('the settings say what each notification switch rules', async () => {
    ({ page } = await session().browser.newPage('/settings'));
    const emails = page.getByRole('switch', { name: 'E-mail notifications' });
    await emails.waitFor();
    expect(await emails.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText('Conversions over 30 seconds and batches, finished or failed.').waitFor();
    await inspectBothThemes(page, 'settings-notifications');
  });
});
