import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// Four tries at once, two per account, each given up after 3 s: short enough for a test, and long
// against the one-second pickup of a freed slot.
const SLOTS = { concurrency: 4, perAccount: 2 };
const TIMEOUT_MS = 3_000;

let t: TestApp;
const closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  t = await startTestApp({
    env: {
      WORKERS: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_CONCURRENCY: String(SLOTS.concurrency),
      WEBHOOK_CONCURRENCY_PER_ACCOUNT: String(SLOTS.perAccount),
      WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000),
    },
  });
}, 60_000);
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await t?.close();
});

async function apiUser(label: string): Promise<TestUser> {
  const user = await signedInUser(t, label);
  await t.auth.setPlan(user.email, 'professional');
  return user;
}

function createEndpoint(user: TestUser, url: string) {
  return call(t.app, user, 'POST', '/api/webhooks', { payload: { url, events: ['conversion.completed'] } });
}

/** A receiver on 127.0.0.1 that never answers: each try waits for the timeout. It notes when each arrived. */
async function hangingReceiver() {
  const arrivals: number[] = [];
  let open = 0;
  let mostOpen = 0;
  const server = http.createServer((request) => {
    arrivals.push(performance.now());
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    request.socket.once('close', () => {
      open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { url: (path: string) => `http://127.0.0.1:${port}/${path}`, arrivals, mostOpen: () => mostOpen };
}

/** Publishes one conversion.completed event of `user`, which fans out to each of their endpoints. */
async function conversionCompleted(user: TestUser, fileId: string) {
  await t.events.publish(
    'conversion.completed',
    `conversion.completed:${fileId}`,
    {
      userId: user.id,
      fileId,
      fileName: 'data.json',
      inputFormat: 'json',
      outputFormat: 'csv',
      originalBytes: 10,
      resultBytes: 10,
      records: 1,
      columns: 1,
      durationMs: 1,
    },
    t.clock.now(),
  );
}

describe('webhook endpoints per account', () => {
  it(`are capped at ${WEBHOOK_ENDPOINTS_PER_ACCOUNT}, however many creations run at once`, async () => {
    const user = await apiUser('hooks-cap');
    const extra = 6;
    const created = await Promise.all(
      Array.from({ length: WEBHOOK_ENDPOINTS_PER_ACCOUNT + extra }, (_, i) =>
        createEndpoint(user, `http://127.0.0.1:9/cap/${i}`),
      ),
    );
    const statuses = created.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(WEBHOOK_ENDPOINTS_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(extra);
    expect(created.find((response) => response.statusCode === 409)?.json()).toEqual({
      code: 'WEBHOOK_LIMIT_REACHED',
      detail: `An account may have ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints: delete one you no longer use first.`,
    });
    const listed = (await call(t.app, user, 'GET', '/api/webhooks')).json().webhooks as Array<{ id: string }>;
    expect(listed).toHaveLength(WEBHOOK_ENDPOINTS_PER_ACCOUNT);
    // Deleting one frees its place, for one creation only.
    expect((await call(t.app, user, 'DELETE', `/api/webhooks/${listed[0]?.id}`)).statusCode).toBe(200);
    const again = await Promise.all([1, 2].map((i) => createEndpoint(user, `http://127.0.0.1:9/again/${i}`)));
    expect(again.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('webhook deliveries between accounts', () => {
  it('one account’s hanging receivers hold only its share: another account’s delivery arrives within one timeout', async () => {
    const slow = await apiUser('hooks-slow');
    const fast = await apiUser('hooks-fast');
    const hanging = await hangingReceiver();
    const inbox = await WebhookReceiver.start();
    closers.push(() => inbox.close());
    const slowEndpoints = 12;
    for (let i = 0; i < slowEndpoints; i++) {
      expect((await createEndpoint(slow, hanging.url(`hook/${i}`))).statusCode).toBe(201);
    }
    expect((await createEndpoint(fast, inbox.url)).statusCode).toBe(201);

    // The slow account's 12 deliveries are queued first; one at a time, the other's would wait 12 timeouts.
    await conversionCompleted(slow, 'f-slow');
    const published = performance.now();
    await conversionCompleted(fast, 'f-fast');
    await inbox.waitFor(1, 6 * TIMEOUT_MS);
    const arrived = performance.now();

    // It came within one timeout of being queued, while the slow account's first tries were still hanging
    // (none of them had timed out yet, so no second one of that account had started).
    expect(arrived - published).toBeLessThan(TIMEOUT_MS);
    expect(hanging.arrivals.length).toBeLessThanOrEqual(SLOTS.perAccount);
    expect(inbox.received[0]?.body).toContain('"f-fast"');

    // The slow account never had more than its share in flight, and each of its deliveries is tried.
    const allTried = performance.now() + (slowEndpoints / SLOTS.perAccount + 2) * (TIMEOUT_MS + 1_500);
    while (hanging.arrivals.length < slowEndpoints && performance.now() < allTried) {
      await sleep(100);
    }
    expect(hanging.arrivals).toHaveLength(slowEndpoints);
    expect(hanging.mostOpen()).toBe(SLOTS.perAccount);
  }, 90_000);

  it('two accounts filling every slot still let a third one’s delivery through within one timeout', async () => {
    const [first, second, third] = await Promise.all([
      apiUser('hooks-busy-1'),
      apiUser('hooks-busy-2'),
      apiUser('hooks-light'),
    ]);
    const hanging = await hangingReceiver();
    const inbox = await WebhookReceiver.start();
    closers.push(() => inbox.close());
    for (const [n, user] of [first, second].entries()) {
      for (let i = 0; i < 6; i++)
        expect((await createEndpoint(user, hanging.url(`busy${n}/${i}`))).statusCode).toBe(201);
    }
    expect((await createEndpoint(third, inbox.url)).statusCode).toBe(201);

    await conversionCompleted(first, 'f-busy-1');
    await conversionCompleted(second, 'f-busy-2');
    // Both busy accounts hold their two slots each: every slot is taken.
    const filled = performance.now() + 4 * TIMEOUT_MS;
    while (hanging.arrivals.length < SLOTS.concurrency && performance.now() < filled) {
      await sleep(50);
    }
    expect(hanging.arrivals).toHaveLength(SLOTS.concurrency);
    const queued = performance.now();
    await conversionCompleted(third, 'f-light');
    await inbox.waitFor(1, 6 * TIMEOUT_MS);
    // The first freed slot goes to the light account (its only delivery, the busy ones' third and later
    // wait behind it), so it comes within one timeout plus the pickup of the freed slot, not after the
    // 8 queued tries of the busy accounts.
    expect(performance.now() - queued).toBeLessThan(TIMEOUT_MS + 1_500);
    expect(hanging.arrivals.length).toBeLessThanOrEqual(SLOTS.concurrency + SLOTS.concurrency - 1);
  }, 90_000);
});
