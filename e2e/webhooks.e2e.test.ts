import type { BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../packages/server/test/support/webhook-receiver.js';
import { confirmedAccount, signInThroughDialog } from './support/accounts.js';
import { launchBrowser } from './support/browser.js';
import { type InProcessServer, startInProcessServer } from './support/in-process-server.js';
import { inspectBothThemes } from './support/screenshots.js';

const EMAIL = `e2e-webhooks-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

let server: InProcessServer;
let receiver: WebhookReceiver;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;
let page: Page;

describe('webhooks in Settings, in a real browser', () => {
  beforeAll(async () => {
    // The receiver is a local http server, which only these switches let webhooks reach.
    server = await startInProcessServer({ WORKERS: '1', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE: '1' });
    receiver = await WebhookReceiver.start();
    await confirmedAccount(server, EMAIL, PASSWORD);
    await server.built.auth.setPlan(EMAIL, 'starter');
    ({ context, close: closeBrowser } = await launchBrowser());
    context.setDefaultTimeout(15_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
  });

  afterAll(async () => {
    await closeBrowser?.();
    await receiver?.close();
    await server?.stop();
  });

  it('signs in and opens Settings', async () => {
    await signInThroughDialog(page, server.url, EMAIL, PASSWORD);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  });

  let secret = '';
  it('adds an endpoint and shows its secret once, with copy', async () => {
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Conversion failed').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook added' });
    secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    await dialog.getByText('Secret copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await inspectBothThemes(page, 'webhook-secret-dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText(receiver.url).waitFor();
  });

  it('sends a test that the receiver verifies, and lists the delivery', async () => {
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test message queued. Its delivery shows in the list below.').waitFor();
    await receiver.waitFor(1);
    const [received] = receiver.received;
    const headers = Object.fromEntries(Object.entries(received?.headers ?? {}).map(([k, v]) => [k, String(v)]));
    expect(new Webhook(secret).verify(received?.body ?? '', headers)).toMatchObject({ type: 'webhook.test' });
    const table = page.getByRole('table', { name: 'Webhook deliveries' });
    await table.getByText('Delivered (200)').waitFor({ timeout: 20_000 });
    await inspectBothThemes(page, 'webhooks-settings');
  });

  it('deletes the endpoint after asking', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByRole('heading', { name: receiver.url }).waitFor({ state: 'detached' });
  });
});
