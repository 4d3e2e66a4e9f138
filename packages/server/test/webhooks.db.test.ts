import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/db/schema.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../src/webhooks/deliveries.js';
import { TEST_MESSAGES } from '../src/webhooks/service.js';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { post, startTestApp, type TestApp } from './support/test-app.js';
import { type ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver.js';

// The receivers listen on 127.0.0.1 over plain http, which only these two switches allow.
let t: TestApp;
let owner: TestUser;
let other: TestUser;
let free: TestUser;
const receivers: WebhookReceiver[] = [];
beforeAll(async () => {
  t = await startTestApp({ env: { WORKERS: '1', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE: '1' } });
  owner = await signedInUser(t, 'hooks-owner');
  other = await signedInUser(t, 'hooks-other');
  free = await signedInUser(t, 'hooks-free');
  await t.auth.setPlan(owner.email, 'starter');
  await t.auth.setPlan(other.email, 'professional');
}, 60_000);
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await t?.close();
});

async function receiver(): Promise<WebhookReceiver> {
  const started = await WebhookReceiver.start();
  receivers.push(started);
  return started;
}

async function createEndpoint(user: TestUser, url: string, events: string[] = ['conversion.completed']) {
  const response = await call(t.app, user, 'POST', '/api/webhooks', { payload: { url, events } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string };
}

/** The user signed in again: moving the fake clock by hours ends their access token. */
async function signedInAgain(user: TestUser): Promise<TestUser> {
  const login = await post(t.app, '/api/auth/login', { email: user.email, password: 'correct horse' });
  expect(login.statusCode, login.body).toBe(200);
  return { ...user, auth: { authorization: `Bearer ${login.json().tokens.access_token}` } };
}

/** The endpoint's logged tries, once there are `count` of them (a try is logged after its answer). */
async function attemptsOnceLogged(user: TestUser, id: string, count: number) {
  const signedIn = await signedInAgain(user);
  for (let waited = 0; waited < 15_000; waited += 50) {
    const response = await call(t.app, signedIn, 'GET', `/api/webhooks/${id}/deliveries`);
    const attempts = response.json().attempts as Array<Record<string, unknown>>;
    if (attempts.length >= count) return attempts;
    await sleep(50);
  }
  throw new Error(`fewer than ${count} tries were logged`);
}

function headersOf(received: ReceivedWebhook): Record<string, string> {
  return Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));
}

describe('webhook endpoints', () => {
  it('refuses a plan without API access with 403 and the upgrade text', async () => {
    const response = await call(t.app, free, 'POST', '/api/webhooks', {
      payload: { url: 'https://hooks.example.com/unnest', events: ['conversion.completed'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'WEBHOOKS_NOT_IN_PLAN',
      detail:
        'Webhooks come with API access, which your plan does not include. Upgrade to Starter or above to add webhooks.',
    });
  });

  it('validates the events', async () => {
    for (const events of [[], ['conversion.started'], ['conversion.completed', 'conversion.completed']]) {
      const response = await call(t.app, owner, 'POST', '/api/webhooks', {
        payload: { url: 'http://127.0.0.1:1/hook', events },
      });
      expect(response.statusCode, JSON.stringify(events)).toBe(400);
    }
  });

  it('delivers a real conversion.completed, signed as Standard Webhooks says', async () => {
    const inbox = await receiver();
    const endpoint = await createEndpoint(owner, inbox.url, ['conversion.completed', 'conversion.failed']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = (await call(t.app, owner, 'GET', '/api/webhooks')).json();
    expect(listed.webhooks).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        url: inbox.url,
        events: ['conversion.completed', 'conversion.failed'],
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    const converted = await uploadFile(t.app, owner, {
      name: 'orders.json',
      content: '[{"id":1,"user":{"name":"Ada"}}]',
    });
    expect(converted.statusCode, converted.body).toBe(200);
    await inbox.waitFor(1);
    const [received] = inbox.received as [ReceivedWebhook];
    const payload = new Webhook(endpoint.secret).verify(received.body, headersOf(received));
    expect(payload).toEqual({
      type: 'conversion.completed',
      timestamp: expect.any(String),
      data: expect.objectContaining({
        file_id: converted.json().file_id,
        file_name: 'orders.json',
        input_format: 'json',
        output_format: 'csv',
        records: 1,
        columns: 2,
      }),
    });
    expect(received.headers['webhook-id']).toMatch(/^msg_/);
    // Signed with another secret, the same message does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(received.body, headersOf(received)),
    ).toThrow();

    const [attempt] = await attemptsOnceLogged(owner, endpoint.id, 1);
    expect(attempt).toMatchObject({
      message_id: received.headers['webhook-id'],
      event_type: 'conversion.completed',
      attempt: 1,
      status_code: 200,
      succeeded: true,
      error: null,
      response_excerpt: 'ok',
    });
  });

  it('signs with both secrets during a rotation, and the new secret is shown once', async () => {
    const inbox = await receiver();
    const endpoint = await createEndpoint(owner, inbox.url);
    const rotated = await call(t.app, owner, 'POST', `/api/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().secret as string;
    expect(secret).not.toBe(endpoint.secret);
    const listed = (await call(t.app, owner, 'GET', '/api/webhooks')).json().webhooks;
    expect(listed.find((hook: { id: string }) => hook.id === endpoint.id).previous_secret_expires_at).not.toBeNull();

    const test = await call(t.app, owner, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    await inbox.waitFor(1);
    const [received] = inbox.received as [ReceivedWebhook];
    expect(received.headers['webhook-id']).toBe(test.json().message_id);
    for (const key of [secret, endpoint.secret]) {
      expect(new Webhook(key).verify(received.body, headersOf(received))).toMatchObject({ type: 'webhook.test' });
    }
  });

  it('delivers a republished event once, and a repeated try job sends nothing', async () => {
    const inbox = await receiver();
    const endpoint = await createEndpoint(owner, inbox.url, ['file.expiring']);
    const event = { userId: owner.id, fileId: 'f-1', fileName: 'kept.json', expiresAt: '2030-01-01T00:00:00.000Z' };
    await t.events.publish('file.expiring', 'file.expiring:f-1', event, t.clock.now());
    await t.events.publish('file.expiring', 'file.expiring:f-1', event, t.clock.now());
    const deliveries = await t.database.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries).toHaveLength(1);
    await inbox.waitFor(1);
    await attemptsOnceLogged(owner, endpoint.id, 1);
    // The queue delivers at least once: the same try run again finds it taken and sends nothing.
    await t.webhookDeliveries.attempt(deliveries[0]?.id ?? '', 1);
    expect(inbox.received).toHaveLength(1);
    expect(await attemptsOnceLogged(owner, endpoint.id, 1)).toHaveLength(1);
    expect(JSON.parse(inbox.received[0]?.body ?? '')).toEqual({
      type: 'file.expiring',
      timestamp: expect.any(String),
      data: { file_id: 'f-1', file_name: 'kept.json', expires_at: '2030-01-01T00:00:00.000Z' },
    });
  });

  it('answers 404 for another user’s endpoint, on every route', async () => {
    const endpoint = await createEndpoint(owner, 'http://127.0.0.1:1/hook');
    const routes: Array<['GET' | 'POST' | 'DELETE', string]> = [
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
      ['POST', `/api/webhooks/${endpoint.id}/enable`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
      ['GET', '/api/webhooks/not-a-uuid/deliveries'],
    ];
    for (const [method, url] of routes) {
      const response = await call(t.app, other, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ code: 'WEBHOOK_NOT_FOUND', detail: 'Webhook not found' });
    }
    expect((await call(t.app, other, 'GET', '/api/webhooks')).json().webhooks).toEqual([]);
    const deleted = await call(t.app, owner, 'DELETE', `/api/webhooks/${endpoint.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, owner, 'GET', `/api/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
  });
});

// Retries move the fake clock, so these come after the tests that verify timestamps against real time.
describe('webhook retries', () => {
  it('retries a failed try after its delay and logs both tries', async () => {
    const inbox = await receiver();
    let answers = 0;
    inbox.answer = (_request, response) => {
      answers += 1;
      response.statusCode = answers === 1 ? 500 : 200;
      response.end(answers === 1 ? 'busy' : 'ok');
    };
    const endpoint = await createEndpoint(other, inbox.url);
    await call(t.app, other, 'POST', `/api/webhooks/${endpoint.id}/test`);
    await inbox.waitFor(1);
    await attemptsOnceLogged(other, endpoint.id, 1);
    // Not due yet: nothing is queued.
    expect(await t.webhookDeliveries.queueDueRetries()).toBe(0);
    t.clock.advance(RETRY_DELAYS_MS[0] ?? 0);
    await t.webhookDeliveries.queueDueRetries();
    await inbox.waitFor(2);
    const attempts = await attemptsOnceLogged(other, endpoint.id, 2);
    expect(attempts.map((a) => [a.attempt, a.status_code, a.succeeded, a.error])).toEqual([
      [2, 200, true, null],
      [1, 500, false, 'The receiver answered 500'],
    ]);
    const [first, second] = inbox.received as [ReceivedWebhook, ReceivedWebhook];
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    // Delivered: no further try is due, whenever the sweep runs.
    t.clock.advance(RETRY_DELAYS_MS[1] ?? 0);
    expect(await t.webhookDeliveries.queueDueRetries()).toBe(0);
  });

  it('disables an endpoint whose deliveries keep failing and e-mails its owner', async () => {
    const inbox = await receiver();
    inbox.answer = (_request, response) => {
      response.statusCode = 503;
      response.end();
    };
    const endpoint = await createEndpoint(other, inbox.url);
    const events = 3;
    for (let i = 0; i < events; i += 1) {
      expect((await call(t.app, other, 'POST', `/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    }
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await inbox.waitFor(events * attempt);
      await attemptsOnceLogged(other, endpoint.id, events * attempt);
      if (attempt < MAX_ATTEMPTS) {
        t.clock.advance(RETRY_DELAYS_MS[attempt - 1] ?? 0);
        await t.webhookDeliveries.queueDueRetries();
      }
    }
    const user = await signedInAgain(other);
    const mail = await t.inbox.next(other.email);
    expect(mail.raw).toContain('Subject: Your Unnest webhook endpoint was disabled');
    expect(mail.raw).toContain(inbox.url);
    // A notification like the others: in the bell, and mailed with an HTML part and one-click unsubscribe.
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.raw).toContain('text/html');
    const bell = (await call(t.app, user, 'GET', '/api/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'webhook_disabled',
      title: 'Your Unnest webhook endpoint was disabled',
    });
    const listed = (await call(t.app, user, 'GET', '/api/webhooks')).json().webhooks;
    const disabled = listed.find((hook: { id: string }) => hook.id === endpoint.id);
    expect(disabled.disabled_at).not.toBeNull();
    expect(disabled.disabled_reason).toContain('3 events in a row');
    expect(inbox.received).toHaveLength(events * MAX_ATTEMPTS);

    const test = await call(t.app, user, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(400);
    const enabled = await call(t.app, user, 'POST', `/api/webhooks/${endpoint.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().disabled_at).toBeNull();
    expect((await call(t.app, user, 'POST', `/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
  }, 120_000);
});

describe('test messages', () => {
  it('limits test messages to 20 an hour per user', async () => {
    const tester = await signedInUser(t, 'hooks-tester');
    await t.auth.setPlan(tester.email, 'starter');
    // Last in the file: the 20 queued messages are never waited for (the queue takes one job per poll).
    const endpoint = await createEndpoint(tester, 'http://127.0.0.1:1/hook');
    const answers = await Promise.all(
      Array.from({ length: 22 }, () => call(t.app, tester, 'POST', `/api/webhooks/${endpoint.id}/test`)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(TEST_MESSAGES.max);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toEqual({
      code: 'RATE_LIMITED',
      detail: 'Too many test messages. Please try again later.',
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
