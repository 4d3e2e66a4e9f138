import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inspectBothThemes } from './support/screenshots.js';
import { chooseOption } from './support/select-option.js';
import { signedUpSessionOn } from './support/signed-up-session.js';
import { openedForBlock, stepOnce } from './support/steps.js';
import { startTestServer } from './support/test-server.js';

// The server runs as `npm start` does, on a local address without keys: payments in test mode.
const EMAIL = `e2e-keys-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() =>
  signedUpSessionOn(() => startTestServer(), EMAIL, PASSWORD, { timeoutMs: 15_000 }),
);
let page: Page;

/** A fresh signed-in page at `path` for the step or test that calls it. */
async function open(path: string): Promise<void> {
  ({ page } = await session().browser.newPage(path));
}

/**
 * A conversion a program makes with the key, from outside the browser. The form is sent as one
 * buffer: a refused upload is answered before its body is read and the connection closed, and a
 * body still streaming then would fail to send (EPIPE) instead of reading the 401.
 */
async function convertWithKey(key: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob(['[{"id":1,"customer":{"name":"Ada"}}]'], { type: 'application/json' }), 'orders.json');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return fetch(`${session().server.url}/api/convert/file`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': encoded.headers.get('content-type') ?? '' },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

// Each test starts on a fresh signed-in page; a step whose state a later test needs is taken by the first
// test that needs it, so each test runs alone.
const takeStarter = stepOnce(async () => {
  await open('/dashboard');
  await page.getByText('Your plan includes no API calls; each call spends one conversion credit').waitFor();

  await page.getByRole('button', { name: 'Upgrade to Starter' }).click();
  await page
    .getByRole('dialog', { name: 'Upgrade Your Plan' })
    .getByRole('button', { name: 'Upgrade to Starter' })
    .click();
  await page.waitForURL(/\/api\/payments\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.waitForURL(/\/dashboard\?payment=success/);
  await page.getByText(/Payment successful\. You are on the Starter plan until/).waitFor();
  await page.getByText('0 of 1,000 API calls this month').waitFor();
});

/** Creates the key in Settings; answers it, as it was shown once. */
const createKey = stepOnce(async () => {
  await takeStarter();
  await open('/dashboard');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'API keys' }).waitFor();
  await page.getByText('No API keys yet. Create one to call the API from a program.').waitFor();
  await page.getByLabel('Key name').fill('e2e pipeline');
  await chooseOption(page, 'Expires', '30 days');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('Your new API key');
  await shown.waitFor();
  const key = (await shown.textContent()) ?? '';
  expect(key).toMatch(/^unn_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Copy key' }).waitFor();
  const table = page.getByRole('table', { name: 'API keys' });
  await table.getByText('e2e pipeline').waitFor();
  await table.getByText(`${key.slice(0, 12)}...`).waitFor();
  expect(await page.getByLabel('curl example').textContent()).toContain(`'${key.slice(0, 12)}...'`);
  await inspectBothThemes(page, 'settings-api-key-created');

  // Once dismissed, the key is not shown again, not even after a reload.
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await page.reload();
  await table.getByText('e2e pipeline').waitFor();
  expect(await page.getByText(key).count()).toBe(0);
  return key;
});

describe('API keys in a real browser', () => {
  it('takes the Starter plan (1,000 API calls a month) in test mode', async () => {
    await takeStarter();
  });

  it('creates a key in Settings, shown once with a copy button and a curl example', async () => {
    await createKey();
  });

  it('converts a file with the key from a program, metered with RateLimit headers', async () => {
    const response = await convertWithKey(await createKey());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ filename: 'orders.csv', records: 1 });
    expect(response.headers.get('ratelimit-limit')).toBe('1000');
    expect(response.headers.get('ratelimit-remaining')).toBe('999');
    expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);

    await open('/settings');
    const row = page.getByRole('row', { name: /e2e pipeline/ });
    expect(await row.getByRole('cell').nth(3).textContent()).not.toBe('Never');
    await page.goto(`${session().server.url}/dashboard`);
    await page.getByText('1 of 1,000 API calls this month').waitFor();
    await inspectBothThemes(page, 'dashboard-api-usage');
  });

  it('revokes the key after a confirmation; the next call gets 401', async () => {
    const key = await createKey();
    await open('/dashboard');
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Revoke e2e pipeline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await dialog.getByText(/will get 401 from their next call/).waitFor();
    await inspectBothThemes(page, 'settings-api-key-revoke');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('No API keys yet. Create one to call the API from a program.').waitFor();

    const refused = await convertWithKey(key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 'UNAUTHENTICATED', detail: 'This API key was revoked' });
    const listing = await fetch(`${session().server.url}/api/files`, { headers: { Authorization: `Bearer ${key}` } });
    expect(listing.status).toBe(401);
  });
});
