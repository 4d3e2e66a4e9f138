import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAddressPolicy } from '../src/webhooks/address-policy.js';
import { type DeliveryLimits, sendWebhook } from '../src/webhooks/http-delivery.js';
import { systemResolver, type TargetRules } from '../src/webhooks/target.js';
import { call, signedInUser, type TestUser } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// No WEBHOOK_ALLOW_* switch here: the app applies the production rules.
let t: TestApp;
let user: TestUser;
const closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  t = await startTestApp();
  user = await signedInUser(t, 'hooks-ssrf');
  await t.auth.setPlan(user.email, 'starter');
}, 60_000);
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await t?.close();
});

async function register(url: string) {
  return call(t.app, user, 'POST', '/api/webhooks', { payload: { url, events: ['conversion.completed'] } });
}

describe('webhook URLs at registration', () => {
  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1 is a loopback address'],
    ['https://10.0.0.1/hook', '10.0.0.1 is a private address'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
    ['https://[::1]/hook', '::1 is a loopback address'],
    ['https://[::ffff:127.0.0.1]/hook', 'is a loopback address'],
    ['https://[fd00::1]/hook', 'fd00::1 is a unique-local address'],
    ['https://100.64.0.1/hook', '100.64.0.1 is a carrier-grade NAT address'],
    ['https://0.0.0.0/hook', '0.0.0.0 is an unspecified address'],
    ['https://224.0.0.1/hook', '224.0.0.1 is a multicast address'],
    ['https://localhost/hook', '(localhost resolves to it)'],
    // Other spellings of 127.0.0.1, which the URL parser normalises before any check.
    ['https://2130706433/hook', '127.0.0.1 is a loopback address'],
    ['https://0x7f.1/hook', '127.0.0.1 is a loopback address'],
    ['https://0177.0.0.1/hook', '127.0.0.1 is a loopback address'],
    ['https://0x7f000001/hook', '127.0.0.1 is a loopback address'],
    ['https://127.1/hook', '127.0.0.1 is a loopback address'],
    ['https://017700000001/hook', '127.0.0.1 is a loopback address'],
    ['https://0/hook', '0.0.0.0 is an unspecified address'],
    ['https://0x0a.0.0.1/hook', '10.0.0.1 is a private address'],
    ['https://3232235777/hook', '192.168.1.1 is a private address'],
    ['https://0xa9fea9fe/hook', '169.254.169.254 is a link-local address'],
    // IPv6 spellings of loopback and private IPv4 addresses: mapped, compatible, translated, tunnelled.
    ['https://[::127.0.0.1]/hook', '::7f00:1 is an IPv4-compatible address'],
    ['https://[::7f00:1]/hook', '::7f00:1 is an IPv4-compatible address'],
    ['https://[0:0:0:0:0:0:127.0.0.1]/hook', '::7f00:1 is an IPv4-compatible address'],
    ['https://[::169.254.169.254]/hook', '::a9fe:a9fe is an IPv4-compatible address'],
    ['https://[::ffff:7f00:1]/hook', '::ffff:7f00:1 (127.0.0.1) is a loopback address'],
    ['https://[0:0:0:0:0:ffff:127.0.0.1]/hook', '::ffff:7f00:1 (127.0.0.1) is a loopback address'],
    ['https://[::ffff:10.1.2.3]/hook', '::ffff:a01:203 (10.1.2.3) is a private address'],
    ['https://[::ffff:a9fe:a9fe]/hook', '::ffff:a9fe:a9fe (169.254.169.254) is a link-local address'],
    ['https://[::ffff:0:127.0.0.1]/hook', 'is a reserved (rfc6145) address'],
    ['https://[64:ff9b::127.0.0.1]/hook', 'is a reserved (rfc6052) address'],
    ['https://[2002:7f00:1::1]/hook', 'is a reserved (6to4) address'],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook', 'is a reserved (teredo) address'],
    ['https://[::]/hook', ':: is an unspecified address'],
    ['https://[::0.0.0.0]/hook', ':: is an unspecified address'],
    ['https://[fe80::1]/hook', 'fe80::1 is a link-local address'],
    ['https://[fec0::1]/hook', 'is a reserved (deprecatedSiteLocal) address'],
    ['https://[ff02::1]/hook', 'ff02::1 is a multicast address'],
    ['https://[100::1]/hook', 'is a reserved (discard) address'],
    ['https://[4000::1]/hook', '4000::1 is not a global unicast address'],
    ['https://255.255.255.255/hook', '255.255.255.255 is a broadcast address'],
    ['https://192.0.2.1/hook', 'is a reserved'],
  ])('refuses %s with a clear 400', async (url, reason) => {
    const response = await register(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('WEBHOOK_URL_REFUSED');
    expect(response.json().detail).toContain(reason);
  });

  it('refuses plain http, credentials in the URL, what is not a URL and a private address, each in one sentence', async () => {
    const cases: Array<[string, string]> = [
      ['http://93.184.215.14/hook', 'The webhook URL must start with https://.'],
      ['https://user:secret@93.184.215.14/hook', 'The webhook URL must not contain a user name or password.'],
      ['not a url', 'The webhook URL is not a valid URL.'],
      ['https://10.1.2.3/hook', 'Webhooks cannot be sent to this address: 10.1.2.3 is a private address.'],
    ];
    for (const [url, detail] of cases) {
      const response = await register(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ code: 'WEBHOOK_URL_REFUSED', detail });
    }
  });

  it('accepts a public https address', async () => {
    // Registration only: WORKERS=0 in this app, so nothing is ever sent there.
    const response = await register('https://93.184.215.14/hook');
    expect(response.statusCode, response.body).toBe(201);
  });
});

const LIMITS: DeliveryLimits = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 };
const MESSAGE = { headers: { 'content-type': 'application/json' }, body: '{"type":"webhook.test"}' };
/** Production rules, but plain http allowed (the receivers here speak http). */
const STRICT: TargetRules = { allowHttp: true, addressAllowed: webhookAddressPolicy(false), resolve: systemResolver };
/** Rules that let the tests' receivers in (as WEBHOOK_ALLOW_HTTP=1 and WEBHOOK_ALLOW_PRIVATE=1 do). */
const OPEN: TargetRules = { allowHttp: true, addressAllowed: webhookAddressPolicy(true), resolve: systemResolver };

async function receiver(host = '127.0.0.1'): Promise<WebhookReceiver> {
  const started = await WebhookReceiver.start(host);
  closers.push(() => started.close());
  return started;
}

describe('webhook sending', () => {
  it('never connects to a refused address, whatever the URL says', async () => {
    const inbox = await receiver();
    const port = new URL(inbox.url).port;
    for (const url of [inbox.url, `http://localhost:${port}/hook`, `http://[::ffff:127.0.0.1]:${port}/hook`]) {
      const outcome = await sendWebhook({ url, ...MESSAGE }, STRICT, LIMITS);
      expect(outcome, url).toMatchObject({ succeeded: false, statusCode: null });
      expect(outcome.error, url).toContain('loopback');
    }
    expect(inbox.received).toHaveLength(0);
  });

  it.each([
    '::7f00:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '0.0.0.0',
    '::',
    '10.0.0.7',
    'fe80::1',
  ])('refuses at delivery a host name that resolves to %s, without connecting', async (address) => {
    const inbox = await receiver();
    const port = new URL(inbox.url).port;
    const resolvesTo: TargetRules = { ...STRICT, resolve: async () => ['93.184.215.14', address] };
    const outcome = await sendWebhook({ url: `http://hook.example:${port}/hook`, ...MESSAGE }, resolvesTo, LIMITS);
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null });
    expect(outcome.error).toContain('(hook.example resolves to it)');
    expect(inbox.received).toHaveLength(0);
  });

  it('refuses at delivery the IPv6 spellings of the receiver’s loopback address, without connecting', async () => {
    const inbox = await receiver();
    const port = new URL(inbox.url).port;
    for (const host of ['[::127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]', '2130706433', '0177.0.0.1']) {
      const outcome = await sendWebhook({ url: `http://${host}:${port}/hook`, ...MESSAGE }, STRICT, LIMITS);
      expect(outcome, host).toMatchObject({ succeeded: false, statusCode: null });
      expect(outcome.error, host).toMatch(/loopback|IPv4-compatible/);
    }
    expect(inbox.received).toHaveLength(0);
  });

  it('checks the address it connects to: a DNS answer that changes after the check is refused', async () => {
    const inbox = await receiver();
    const port = new URL(inbox.url).port;
    let lookups = 0;
    // The first answer (the check) is public; the next (the connection) is the loopback receiver.
    const rebinding: TargetRules = {
      ...STRICT,
      resolve: async () => {
        lookups += 1;
        return lookups === 1 ? ['93.184.215.14'] : ['127.0.0.1'];
      },
    };
    const outcome = await sendWebhook({ url: `http://rebind.example:${port}/hook`, ...MESSAGE }, rebinding, LIMITS);
    expect(lookups).toBe(2);
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null });
    expect(outcome.error).toContain('127.0.0.1 is a loopback address (rebind.example resolves to it)');
    expect(inbox.received).toHaveLength(0);
  });

  it('never follows a redirect to a private address: a 3xx is a failed try', async () => {
    // The private target listens on another loopback address; only 127.0.0.1 counts as "public" here.
    const target = await receiver('127.0.0.2');
    const first = await receiver();
    first.answer = (_request, response) => {
      response.writeHead(302, { location: target.url }).end();
    };
    const onlyFirstHop: TargetRules = {
      ...STRICT,
      addressAllowed: (address) => (address === '127.0.0.1' ? undefined : webhookAddressPolicy(false)(address)),
    };
    const outcome = await sendWebhook({ url: first.url, ...MESSAGE }, onlyFirstHop, LIMITS);
    expect(outcome).toMatchObject({ succeeded: false, statusCode: 302 });
    expect(outcome.error).toBe(`Redirects are not followed (302 to ${target.url}); answer with a 2xx`);
    expect(first.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const silent = http.createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });
    const { port } = silent.address() as AddressInfo;
    const outcome = await sendWebhook({ url: `http://127.0.0.1:${port}/hook`, ...MESSAGE }, OPEN, {
      ...LIMITS,
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null, error: 'No answer within 0.3 s' });
  });

  it('counts name resolution in the time limit', async () => {
    const hanging: TargetRules = { ...OPEN, resolve: () => new Promise<string[]>(() => {}) };
    const outcome = await sendWebhook({ url: 'http://slow-dns.example/hook', ...MESSAGE }, hanging, {
      ...LIMITS,
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null, error: 'No answer within 0.3 s' });
  });

  it('reads at most 64 KB of a response, even an endless one', async () => {
    const endless = await receiver();
    const chunk = Buffer.alloc(16 * 1024, 'x');
    let written = 0;
    endless.answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const pump = () => {
        while (!response.destroyed && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    };
    const outcome = await sendWebhook({ url: endless.url, ...MESSAGE }, OPEN, LIMITS);
    expect(outcome).toMatchObject({ succeeded: true, statusCode: 200, responseTruncated: true });
    expect(outcome.responseBody).toHaveLength(64 * 1024);
    // The receiver was cut off long before its 64 MB.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('counts only a 2xx as delivered', async () => {
    const inbox = await receiver();
    inbox.answer = (_request, response) => {
      response.statusCode = 404;
      response.end('no such hook');
    };
    const outcome = await sendWebhook({ url: inbox.url, ...MESSAGE }, OPEN, LIMITS);
    expect(outcome).toMatchObject({
      succeeded: false,
      statusCode: 404,
      error: 'The receiver answered 404',
      responseBody: 'no such hook',
    });
  });
});
