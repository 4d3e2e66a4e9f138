import { describe, expect, it } from 'vitest';
import { confirmedAccount } from './support/accounts.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSessionOn } from './support/signed-up-session.js';
import { openedForBlock, stepOnce } from './support/steps.js';
import { startTestServer } from './support/test-server.js';

// The server runs as `npm start` does (payments in test mode), with a sales address for Enterprise. The signed-in
// account converts; a second account, signed out at first, buys credits from the pricing page.
const RUN = Date.now().toString(36);
const EMAIL = `e2e-history-${RUN}@example.com`;
const BUYER_EMAIL = `e2e-buyer-${RUN}@example.com`;
const PASSWORD = 'correct horse battery';
const SALES_EMAIL = 'sales@example.com';
const MB = 1024 * 1024;

const session = openedForBlock(() =>
  signedUpSessionOn(() => startTestServer({ env: { SALES_EMAIL } }), EMAIL, PASSWORD, { timeoutMs: 15_000 }),
);
const url = () => session().server.url;

// The buyer's account exists before any test signs it in; made once, whichever test needs it first.
const buyerAccount = stepOnce(() => confirmedAccount(session().server, BUYER_EMAIL, PASSWORD));

describe('the pricing page in a real browser', () => {
  it('offers Contact Sales on Enterprise, signed out and signed in: an e-mail to the server’s address', async () => {
    const mailto = 'mailto:sales@example.com?subject=Unnest%20Enterprise%20plan';
    const visitor = (await session().browser.newSignedOutPage()).page;
    await visitor.goto(`${url()}/pricing`);
    const contact = visitor.getByRole('link', { name: 'Contact Sales' });
    expect(await contact.getAttribute('href')).toBe(mailto);
    await inspectBothThemes(visitor, 'pricing-contact-sales');

    const { page } = await session().browser.newPage('/pricing');
    expect(await page.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe(mailto);
  });

  it('signed out, Buy Credits signs in on the spot and the purchase goes on; the bell dates the receipt', async () => {
    await buyerAccount();
    const { page } = await session().browser.newSignedOutPage();
    await page.goto(`${url()}/pricing`);
    await page.getByRole('button', { name: 'Buy Conversions' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy Credits' });
    await buy.getByText('Sign in to buy credits: the purchase goes on once you are signed in.').waitFor();
    await inspectBothThemes(page, 'buy-credits-signed-out');
    await buy.getByRole('button', { name: 'Sign In to Buy' }).click();

    // The sign-in opens over Buy Credits; signing in leaves the visitor on the pricing page.
    const signIn = page.getByRole('dialog').filter({ has: page.getByLabel('Email') });
    await signIn.getByLabel('Email').fill(BUYER_EMAIL);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();

    // The small pack, chosen before signing in, is bought on the server's test checkout.
    await page.waitForURL(/\/api\/payments\/test-checkout\//);
    await page.getByText('Test mode: no money moves').waitFor();
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.getByText('Payment successful. Your balance is now 10 conversion credits.').waitFor();

    // The receipt in the bell: a short title and a sentence whose date is written for people, not as ISO.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    const receipt = menu.getByRole('menuitem', { name: /^Unread:\s*Your Unnest receipt: / });
    const sentence = receipt.getByText(/^Test mode: no money moved\. You paid .+ on .+\. Open it for the receipt\.$/);
    const text = await sentence.textContent();
    const date = /on (.+)\. Open it/.exec(text ?? '')?.[1] ?? '';
    expect(date).toContain(String(new Date().getFullYear()));
    expect(date).not.toMatch(/\d{4}-\d\d-\d\dT|\{date\}/);
    expect(await receipt.textContent()).not.toContain('Order:');
    await inspectBothThemes(page, 'notifications-receipt');
  });
});

describe('the Audit page in a real browser', () => {
  it('counts a refused conversion, so the success rate is not 100%', async () => {
    const { page, guard } = await session().browser.newPage('/dashboard');
    await page.getByRole('link', { name: 'Convert', exact: true }).click();
    const input = page.getByTestId('file-input');
    await input.setInputFiles({ name: 'small.json', mimeType: 'application/json', buffer: Buffer.from('[{"a":1}]') });
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();

    // Over the Free plan's 5 MB with no credit: refused before it runs.
    await page.goto(`${url()}/convert`);
    const big = Buffer.from(JSON.stringify([{ text: 'x'.repeat(6 * MB) }]));
    await input.setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: big });
    await guard.expectAnswer({ status: 413, method: 'POST', path: '/api/convert/file' }, async () => {
      await page.getByRole('button', { name: 'Convert JSON File' }).click();
      await page
        .getByText(/larger than the Free plan allows/)
        .first()
        .waitFor();
    });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByText('50.0%').waitFor();
    await page.getByText('1 of 2 attempts succeeded, refused ones included').waitFor();
    const table = page.getByRole('table', { name: 'Recent activity' });
    await table.getByText(/^big\.json: .*larger than the Free plan allows/).waitFor();
    await inspectBothThemes(page, 'audit-refused-attempt');
  });
});
