import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SmtpInbox } from '../../packages/server/test/support/smtp-inbox.js';

/** POSTs a JSON body, with the bearer `token` when given. */
export function postJson(url: string, body: object, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs an account up over the API and confirms it with the code the server mailed. */
export async function confirmedAccount(
  server: { url: string; inbox: SmtpInbox },
  email: string,
  password: string,
): Promise<void> {
  expect((await postJson(`${server.url}/api/auth/signup`, { email, password })).status).toBe(201);
  const mail = await server.inbox.next(email);
  const confirm = await postJson(`${server.url}/api/auth/confirm-signup`, { email, confirmation_code: mail.code });
  expect(confirm.status).toBe(200);
}

/** Signs in through the top bar's Sign In dialog, as a person does, and waits for the dashboard. */
export async function signInThroughDialog(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${url}/dashboard`);
}
