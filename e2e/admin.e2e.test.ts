import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inspectBothThemes } from './support/screenshots.js';
import type { SignedInBrowser } from './support/signed-in-browser.js';
import { signedInAccount, signedUpSessionOn } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';
import { startTestServer } from './support/test-server.js';

const RUN = Date.now().toString(36);
const ADMIN_EMAIL = `e2e-admin-${RUN}@example.com`;
const USER_EMAIL = `e2e-member-${RUN}@example.com`;
const PASSWORD = 'correct horse battery';

// Two browsers, each signed in once: the admin's and the user's, each with its own cookies and storage.
const adminSession = openedForBlock(() =>
  signedUpSessionOn(() => startTestServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), ADMIN_EMAIL, PASSWORD, {
    timeoutMs: 15_000,
  }),
);
const userBrowser = openedForBlock(() =>
  signedInAccount(adminSession().server, USER_EMAIL, PASSWORD, { timeoutMs: 15_000 }),
);
const url = () => adminSession().server.url;
let admin: Page;
let user: Page;

/** Fresh signed-in pages for the test that calls it, each at `path`. */
async function openAs(browser: SignedInBrowser, path: string): Promise<Page> {
  return (await browser.newPage(path)).page;
}

/** A fresh signed-in page of the admin's, gone from the dashboard to the admin area through the drawer. */
async function openAdminArea(): Promise<void> {
  admin = await openAs(adminSession().browser, '/dashboard');
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await admin.waitForURL(`${url()}/admin/dashboard`);
}

describe('the admin area in a real browser', () => {
  it('keeps an account outside the admin group out: no drawer entry, a 403 page', async () => {
    user = await openAs(userBrowser(), '/dashboard');
    await user.getByText('Free plan').first().waitFor();
    const nav = user.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await user.goto(`${url()}/admin`);
    await user.getByRole('heading', { name: '403: Access denied' }).waitFor();
    await inspectBothThemes(user, 'admin-forbidden');
    await user.getByRole('link', { name: 'Go to your dashboard' }).click();
    await user.waitForURL(`${url()}/dashboard`);
  });

  it('shows an admin the dashboard, stats, logs and failed jobs', async () => {
    await openAdminArea();
    await admin.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    await admin.getByRole('figure', { name: /Conversions per day over the last 14 days/ }).waitFor();
    await admin.getByText('Accounts', { exact: true }).waitFor();
    await inspectBothThemes(admin, 'admin-dashboard');
    const sections = admin.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Stats' }).click();
    await admin.getByRole('table', { name: 'Accounts per plan' }).waitFor();
    await inspectBothThemes(admin, 'admin-stats');
    await sections.getByRole('link', { name: 'Logs' }).click();
    const logs = admin.getByRole('table', { name: 'Audit of every account' });
    await logs.getByText(USER_EMAIL).first().waitFor();
    await admin.getByLabel('Account (e-mail or id)').fill(ADMIN_EMAIL);
    // The filtered page replaces the unfiltered one: the user's entries go.
    await logs.getByText(USER_EMAIL).first().waitFor({ state: 'detached' });
    await logs.getByText('Signed in from').first().waitFor();
    expect(await logs.getByText(USER_EMAIL).count()).toBe(0);
    // Actions and outcomes read as in the user's own history, never as their codes.
    await logs.getByRole('cell', { name: 'Sign in', exact: true }).first().waitFor();
    await logs.getByText('Success', { exact: true }).first().waitFor();
    expect(await logs.getByText('sign_in', { exact: true }).count()).toBe(0);
    await inspectBothThemes(admin, 'admin-logs');
    await sections.getByRole('link', { name: 'Failed jobs' }).click();
    await admin.getByText('No failed jobs').waitFor();
    await inspectBothThemes(admin, 'admin-jobs');
  });

  it('changes a user’s plan and adds credits, and the user sees the new plan on the dashboard', async () => {
    await openAdminArea();
    const sections = admin.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Users' }).click();
    await admin.getByLabel('Search by e-mail').fill(USER_EMAIL);
    const accounts = admin.getByRole('table', { name: 'Accounts' });
    await accounts.getByRole('link', { name: USER_EMAIL }).click();
    await admin.getByRole('heading', { name: USER_EMAIL }).waitFor();
    await inspectBothThemes(admin, 'admin-user');

    await admin.getByLabel('Plan').click();
    await admin.getByRole('option', { name: 'Business' }).click();
    await admin.getByRole('button', { name: 'Change plan' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Change the plan?' });
    await confirm.getByText(/from the free plan to the business plan/).waitFor();
    await inspectBothThemes(admin, 'admin-change-plan-dialog');
    await confirm.getByRole('button', { name: 'Change plan' }).click();
    await admin.getByText(`${USER_EMAIL} is now on the business plan. Its limits apply at once.`).waitFor();

    await admin.getByRole('button', { name: 'Add credits' }).click();
    const credits = admin.getByRole('dialog', { name: 'Add credits' });
    await credits.getByLabel('Credits').fill('5');
    await credits.getByLabel('Reason').fill('Goodwill after an outage');
    await inspectBothThemes(admin, 'admin-add-credits-dialog');
    await credits.getByRole('button', { name: 'Add credits' }).click();
    await admin.getByText(`Added 5 credit(s) to ${USER_EMAIL}.`).waitFor();

    // The user, in the other browser, loads the dashboard.
    user = await openAs(userBrowser(), '/dashboard');
    await user.getByText('Business plan').first().waitFor();
    const creditsCard = user.getByText('Conversion Credits', { exact: true }).locator('xpath=..');
    await creditsCard.getByText('5', { exact: true }).waitFor();

    // Both actions are in the audit under the admin's account.
    await sections.getByRole('link', { name: 'Logs' }).click();
    await admin.getByLabel('Account (e-mail or id)').fill(ADMIN_EMAIL);
    const logs = admin.getByRole('table', { name: 'Audit of every account' });
    await logs.getByText(/Changed the plan from free to business/).waitFor();
    await logs.getByText(/Added 5 credit\(s\): Goodwill after an outage/).waitFor();
    await logs.getByRole('cell', { name: 'Admin: plan changed' }).waitFor();
    // The action filter offers the same labels.
    await admin.getByLabel('Action').click();
    await admin.getByRole('option', { name: 'Admin: credits added' }).click();
    await logs.getByText(/Changed the plan from free to business/).waitFor({ state: 'detached' });
    await logs.getByRole('cell', { name: 'Admin: credits added' }).waitFor();
    expect(await logs.getByText('admin_add_credits', { exact: true }).count()).toBe(0);
  });
});
