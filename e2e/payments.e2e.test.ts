import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSessionOn } from './support/signed-up-session.js';
import { openedForBlock, stepOnce } from './support/steps.js';
import { startTestServer } from './support/test-server.js';

// The server runs as `npm start` does, on a local address without keys: payments in test mode.
const EMAIL = `e2e-payments-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() =>
  signedUpSessionOn(() => startTestServer(), EMAIL, PASSWORD, { timeoutMs: 15_000 }),
);
let page: Page;

/** A fresh signed-in page; with `path`, it goes there. */
async function open(path?: string): Promise<void> {
  ({ page } = await session().browser.newPage(path));
}

/** Pays on the server's own test-mode checkout page and waits for the dashboard. */
async function payOnTestCheckout(): Promise<void> {
  await page.waitForURL(/\/api\/payments\/test-checkout\//);
  await page.getByText('Test mode: no money moves').waitFor();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.waitForURL(/\/dashboard/);
}

/** Loads the dashboard at `path` and waits until it has asked the server for a payment to announce. */
async function dashboardAt(path: string): Promise<void> {
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/payments/notice'));
  await page.goto(`${session().server.url}${path}`);
  expect((await asked).status()).toBe(200);
  // The parameter only says that a checkout came back: it leaves the address.
  await page.waitForURL(`${session().server.url}/dashboard`);
  await page.getByText('Conversion Credits', { exact: true }).waitFor();
}

// Each test starts on a fresh signed-in page. A purchase or a spending whose result a later test reads is
// taken by the first test that needs it, so each test runs alone and the whole file buys each thing once.
const buyCreditPack = stepOnce(async () => {
  await open('/dashboard');
  await page.getByText('Test mode: no money moves').first().waitFor();
  await page.getByText(/50 of 50 places left/).waitFor();
  await page.getByRole('button', { name: 'Buy More' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Credits' });
  await dialog.getByText('Credits never expire.', { exact: false }).waitFor();
  expect(await dialog.getByRole('radio', { name: /Small Pack/ }).isChecked()).toBe(true);
  await inspectBothThemes(page, 'buy-credits-dialog');
  await dialog.getByRole('button', { name: 'Buy 10 Credits' }).click();
  await payOnTestCheckout();
  await page.getByText('Payment successful. Your balance is now 10 conversion credits.').waitFor();
  expect(new URL(page.url()).search).toBe('');
  const creditsCard = page.getByText('Conversion Credits', { exact: true }).locator('xpath=..');
  await creditsCard.getByText('10', { exact: true }).waitFor();
  // Shown once: a reload does not show it again.
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/payments/notice'));
  await page.reload();
  await asked;
  await creditsCard.getByText('10', { exact: true }).waitFor();
  expect(await page.getByText(/Payment successful/).count()).toBe(0);
});

const spendCreditOnXlsx = stepOnce(async () => {
  await buyCreditPack();
  await open('/dashboard');
  await page.getByRole('link', { name: 'Convert', exact: true }).click();
  await page.getByLabel('Output format').click();
  await page.getByRole('option', { name: 'Excel (XLSX) (1 credit)', exact: true }).click();
  await page.getByTestId('file-input').setInputFiles({
    name: 'credit.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[{"id": 1, "name": "Ada"}]'),
  });
  await page.getByText('credit.json').first().waitFor();
  await page.getByRole('button', { name: 'Convert JSON File' }).click();
  await page.getByRole('button', { name: 'Download XLSX' }).waitFor();
  await page.goto(`${session().server.url}/dashboard`);
  const creditsCard = page.getByText('Conversion Credits', { exact: true }).locator('xpath=..');
  await creditsCard.getByText('9', { exact: true }).waitFor();
});

const upgradeToProfessional = stepOnce(async () => {
  await open();
  await page.goto(`${session().server.url}/dashboard`);
  await page.getByRole('button', { name: 'Upgrade to Professional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade Your Plan' });
  await dialog.getByText(/Launch offer/).waitFor();
  await inspectBothThemes(page, 'upgrade-plan-dialog');
  await dialog.getByRole('button', { name: 'Upgrade to Professional' }).click();
  // The checkout charges the first-50 price the plan card showed.
  await page.waitForURL(/\/api\/payments\/test-checkout\//);
  await page.getByText('1,249.50 INR').waitFor();
  await payOnTestCheckout();
  await page.getByText(/Payment successful\. You are on the Professional plan until/).waitFor();
  await page.getByText(/49 of 50 places left/).waitFor();
  await dashboardAt('/dashboard?payment=success&kind=plan');
  expect(await page.getByText(/Payment successful/).count()).toBe(0);
});

describe('buying in test mode in a real browser', () => {
  it('loads no provider script in test mode', async () => {
    await open('/dashboard');
    await page.getByText('Conversion Credits', { exact: true }).waitFor();
    expect(await page.locator('script[src*="razorpay"]').count()).toBe(0);
  });

  it('believes the server, not the address: a never-paid account sees no success at /dashboard?payment=success', async () => {
    await open();
    await dashboardAt('/dashboard?payment=success&kind=plan');
    expect(await page.getByText(/Payment successful/).count()).toBe(0);
    await dashboardAt('/dashboard?payment=success');
    expect(await page.getByText(/Payment successful/).count()).toBe(0);
  });

  it('buys a credit pack from Buy More and sees the balance', async () => {
    await buyCreditPack();
  });

  it('lists the payment with a receipt marked test mode', async () => {
    await buyCreditPack();
    await open('/dashboard');
    const history = page.getByRole('table', { name: 'Payment history' });
    await history.getByText(/Small Pack \(10 conversion credits\) \(test mode\)/).waitFor();
    await history.getByRole('link', { name: 'View receipt' }).click();
    await page.waitForURL(/\/payments\/receipts\//);
    await page.getByText('Test mode: no money moves').waitFor();
    await page.getByText(/^pay_test_/).waitFor();
    await inspectBothThemes(page, 'receipt');
    const receipt = await session().server.inbox.next(EMAIL);
    expect(receipt.raw).toContain('Test mode: no money moved.');
  });

  it('spends one credit on an XLSX conversion the Free plan does not include', async () => {
    await spendCreditOnXlsx();
  });

  it('buys the analysis of an upload and a comparison for one credit each', async () => {
    await spendCreditOnXlsx();
    await open('/dashboard');
    await page.getByRole('link', { name: 'Convert', exact: true }).click();
    await page.getByRole('checkbox', { name: 'AI-Powered Analysis (1 credit)' }).check();
    await page.getByTestId('file-input').setInputFiles({
      name: 'analysed.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[{"id": 1, "email": "ada@example.com"}, {"id": 2, "email": "grace@example.com"}]'),
    });
    await page.getByText('analysed.json').first().waitFor();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    const card = page.getByRole('region', { name: 'AI-Powered Analysis' });
    await card.getByText('2 fields detected').waitFor();
    await page.getByRole('button', { name: 'Conversion Quality Analysis (1 credit)' }).click();
    const dialog = page.getByRole('dialog', { name: /AI-Powered File Comparison/ });
    await dialog.getByRole('group', { name: 'Quality Score', exact: true }).getByText('100.0%').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.goto(`${session().server.url}/dashboard`);
    const creditsCard = page.getByText('Conversion Credits', { exact: true }).locator('xpath=..');
    await creditsCard.getByText('7', { exact: true }).waitFor();
  });

  it('upgrades to Professional in test mode, then converts to XLSX', async () => {
    await upgradeToProfessional();
    await open('/dashboard');
    await page.getByRole('link', { name: 'Convert', exact: true }).click();
    await page.getByLabel('Output format').click();
    await page.getByRole('option', { name: 'Excel (XLSX)', exact: true }).click();
    await page.getByTestId('file-input').setInputFiles({
      name: 'people.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]'),
    });
    await page.getByText('people.json').first().waitFor();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    await page.getByRole('button', { name: 'Download XLSX' }).waitFor();
  });

  it('a Professional subscriber sees Starter as a downgrade from the end of the paid month, with no offer', async () => {
    await upgradeToProfessional();
    await open();
    await page.goto(`${session().server.url}/dashboard`);
    await page.getByText(/^Downgrade: Starter can be bought from .+, when the month you paid for ends\./).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Starter' }).count()).toBe(0);
    await page.getByText(/^Downgrade: your account goes back to Free when the month you paid for ends on /).waitFor();
    await page.getByRole('button', { name: 'Buy the next month' }).waitFor();
    await page.getByRole('button', { name: 'Upgrade to Business' }).waitFor();
  });

  it('stops and resumes renewal reminders from Settings (plans never renew by themselves)', async () => {
    await upgradeToProfessional();
    await open('/dashboard');
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByText(/Plans are bought one month at a time and never renew by themselves/).waitFor();
    await page.getByRole('button', { name: 'Stop Renewal Reminders' }).click();
    await page.getByText(/Renewal reminders are off/).waitFor();
    await page.getByRole('button', { name: 'Resume Renewal Reminders' }).click();
    await page.getByText(/We e-mail you 3 days before it ends/).waitFor();
  });
});
