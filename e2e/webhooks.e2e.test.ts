import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../packages/server/test/support/webhook-receiver.js';
import { startInProcessServer } from './support/in-process-server.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSessionOn } from './support/signed-up-session.js';
import { openedForBlock, stepOnce } from './support/steps.js';

const EMAIL = `e2e-webhooks-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

// The receiver is a local http server, which only these switches let webhooks reach.
const session = openedForBlock(() =>
  signedUpSessionOn(
    () => startInProcessServer({ WORKERS: '1', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE: '1' }),
    EMAIL,
    PASSWORD,
    {
      prepare: async (server) => {
        await server.built.auth.setPlan(EMAIL, 'starter');
      },
      timeoutMs: 15_000,
      permissions: ['clipboard-read', 'clipboard-write'],
    },
  ),
);
let receiver: WebhookReceiver;
let page: Page;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
});

afterAll(async () => {
  await receiver?.close();
});

/** A fresh signed-in page on Settings, its Webhooks section shown. */
async function openSettings(): Promise<void> {
  ({ page } = await session().browser.newPage('/settings'));
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
}

// Each test starts on a fresh signed-in page; the endpoint two tests use is added by the first of them
// that runs, so each test runs alone. Answers the endpoint's signing secret, shown once.
const addEndpoint = stepOnce(async () => {
  await openSettings();
  await page.getByLabel('Endpoint URL').fill(receiver.url);
  await page.getByLabel('Conversion failed').check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Webhook added' });
  const secret = await dialog.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: 'Copy secret' }).click();
  await dialog.getByText('Secret copied to the clipboard.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await inspectBothThemes(page, 'webhook-secret-dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByText(receiver.url).waitFor();
  return secret;
});

describe('webhooks in Settings, in a real browser', () => {
  it('opens Settings', openSettings);

  it('adds an endpoint and shows its secret once, with copy', async () => {
    await addEndpoint();
  });

  it('sends a test that the receiver verifies, and lists the delivery', async () => {
    const secret = await addEndpoint();
    await openSettings();
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
    await addEndpoint();
    await openSettings();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByRole('heading', { name: receiver.url }).waitFor({ state: 'detached' });
  });
});
