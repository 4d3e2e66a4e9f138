import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipartBody, signedInUser, type TestUser } from './support/api-client.js';
import { listening, rawRequest, uploadHead } from './support/raw-http.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Clients that go away or dawdle (issue 24, item 6): an upload cut off mid-body ends its conversion at once
// (record failed, bytes removed, the day's conversion given back), and the request timeouts fire on time.

const REQUEST_TIMEOUT_SECONDS = 10;

let t: TestApp;
let user: TestUser;
let port: number;
beforeAll(async () => {
  // One bulk thread, so that an upload can be made to wait for it.
  t = await startTestApp({
    env: { REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS) },
    conversionPool: { threads: 1 },
  });
  user = await signedInUser(t, 'aborts');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = listening(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const conversionsUsed = async () =>
  (await call(t.app, user, 'GET', '/api/payments/user-subscription')).json().conversions_used as number;

describe('an upload the client stops mid-body', () => {
  const fileNamed = async (name: string) =>
    (await t.files.list(user.id)).files.find((one) => one.original_filename === name);
  /** Sends the head and `body`, announcing `announced` bytes, and stalls. */
  const stalledUpload = (name: string, announced: number) => {
    const { payload, headers } = multipartBody({ name, content: `[${'{"a":1},'.repeat(10_000)}` });
    const exchange = rawRequest(port);
    exchange.socket.write(uploadHead(user.auth.authorization, headers['content-type'] as string, announced));
    exchange.socket.write(payload);
    return exchange;
  };

  it('ends its conversion at once, also while it waits for a thread: failed, no bytes, the conversion given back', async () => {
    // The one bulk thread converts an upload that stalls; the next waits for the thread, its record pending.
    const holding = stalledUpload('holding.json', 2 * 1024 * 1024);
    await expect.poll(async () => (await fileNamed('holding.json'))?.status, { timeout: 20_000 }).toBe('pending');
    const waiting = stalledUpload('waiting.json', 2 * 1024 * 1024);
    await expect.poll(async () => (await fileNamed('waiting.json'))?.status, { timeout: 20_000 }).toBe('pending');
    waiting.socket.destroy();
    // Well before the held thread is free again (the stalled upload times out after REQUEST_TIMEOUT_SECONDS).
    await expect.poll(async () => (await fileNamed('waiting.json'))?.status, { timeout: 3000 }).toBe('failed');
    expect((await fileNamed('holding.json'))?.status).toBe('pending');
    holding.socket.destroy();
    await expect.poll(async () => (await fileNamed('holding.json'))?.status, { timeout: 3000 }).toBe('failed');
    await expect.poll(conversionsUsed, { timeout: 5000 }).toBe(0);
    expect(await t.storage.list(`users/${user.id}`)).toEqual([]);
  }, 60_000);

  it('on the quick lane (read whole before it converts) ends it too', async () => {
    const cut = stalledUpload('cut.json', 512 * 1024);
    await sleep(500);
    cut.socket.destroy();
    await expect
      .poll(async () => (await fileNamed('cut.json'))?.status ?? 'none', { timeout: 5000 })
      .toMatch(/failed|none/);
    await expect.poll(conversionsUsed, { timeout: 5000 }).toBe(0);
    expect(await t.storage.list(`users/${user.id}`)).toEqual([]);
  }, 60_000);
});

describe('request timeouts', () => {
  it('close a request whose body stalls within a second of REQUEST_TIMEOUT_SECONDS', async () => {
    const { headers } = multipartBody({ name: 'stall.json', content: '[]' });
    const started = performance.now();
    const exchange = rawRequest(port);
    exchange.socket.write(uploadHead(user.auth.authorization, headers['content-type'] as string, 1000));
    const answer = await exchange.answer;
    const seconds = (performance.now() - started) / 1000;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(seconds).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SECONDS - 0.1);
    expect(seconds).toBeLessThan(REQUEST_TIMEOUT_SECONDS + 1.5);
  }, 60_000);

  it('close a connection whose headers stall within a second of their timeout', async () => {
    const started = performance.now();
    const exchange = rawRequest(port);
    exchange.socket.write('POST /api/convert/file HTTP/1.1\r\nHost: localhost\r\n');
    await exchange.answer;
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SECONDS - 0.1);
    expect(seconds).toBeLessThan(REQUEST_TIMEOUT_SECONDS + 1.5);
  }, 60_000);
});
