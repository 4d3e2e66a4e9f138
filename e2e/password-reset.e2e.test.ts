import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import type { PageGuard } from './support/page-guard.js';
import { inspectBothThemes } from './support/screenshots.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const EMAIL = `reset-${Date.now().toString(36)}@example.com`;
const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'tr0ub4dor and 3';

let server: TestServer;
let context: BrowserContext;
let guard: PageGuard;
let closeBrowser: (() => Promise<void>) | undefined;
let page: Page;

async function post(path: string, body: object): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('password reset in a real browser', () => {
  beforeAll(async () => {
    server = await startTestServer();
    // A confirmed account, made through the API: the sign-up screens have their own test.
    expect((await post('/api/auth/signup', { email: EMAIL, password: OLD_PASSWORD })).status).toBe(201);
    const mail = await server.inbox.next(EMAIL);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect((await post('/api/auth/confirm-signup', { email: EMAIL, confirmation_code: mail.code })).status).toBe(200);
  });

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
  });

  // Each test runs alone: one that needs the password reset takes that step again, in a fresh browser.
  async function resetThroughTheDialog(): Promise<void> {
    await closeBrowser?.();
    ({ context, guard, close: closeBrowser } = await launchBrowser());
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(EMAIL);
    await inspectBothThemes(page, 'auth-signin');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByRole('heading', { name: 'Reset Password' }).waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(EMAIL);
    await inspectBothThemes(page, 'auth-reset-email');
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await dialog.getByText('If an account exists for this email, we have sent it a 6-digit reset code.').waitFor();
    const mail = await server.inbox.next(EMAIL);
    expect(mail.raw).toContain('reset');
    expect(mail.code).toMatch(/^\d{6}$/);

    // A wrong code is refused with the server's text and the form stays.
    const wrong = mail.code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Reset code').fill(wrong);
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await inspectBothThemes(page, 'auth-reset-code');
    await guard.expectAnswer({ status: 400, method: 'POST', path: '/api/auth/reset-password' }, async () => {
      await dialog.getByRole('button', { name: 'Reset Password' }).click();
      await dialog.getByText('Invalid verification code. Please check the code sent to your email.').waitFor();
    });
    expect(await dialog.getByLabel('Confirm new password').inputValue()).toBe(NEW_PASSWORD);
    await inspectBothThemes(page, 'auth-reset-error');

    await dialog.getByLabel('Reset code').fill(mail.code ?? '');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog.getByText('Password reset successfully! You can now sign in with your new password.').waitFor();
    await dialog.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(EMAIL);
    await expect
      .poll(() => dialog.getByLabel('Password', { exact: true }).evaluate((input) => input === document.activeElement))
      .toBe(true);
    await inspectBothThemes(page, 'auth-reset-done');

    // The old password no longer works.
    await dialog.getByLabel('Password', { exact: true }).fill(OLD_PASSWORD);
    await guard.expectAnswer({ status: 401, method: 'POST', path: '/api/auth/login' }, async () => {
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await dialog.getByText('Invalid email or password').waitFor();
    });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await dialog.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.getByText('Sign in successful! Redirecting to dashboard...').waitFor();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText(`Welcome, ${EMAIL}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  }

  it('sets a new password with the e-mailed code and signs in with it', resetThroughTheDialog);

  it('refuses the old password and takes the new one through the API as well', async () => {
    await resetThroughTheDialog();
    expect((await post('/api/auth/login', { email: EMAIL, password: OLD_PASSWORD })).status).toBe(401);
    expect((await post('/api/auth/login', { email: EMAIL, password: NEW_PASSWORD })).status).toBe(200);
  });
});
