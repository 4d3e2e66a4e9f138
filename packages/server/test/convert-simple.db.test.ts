import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  proxied = await startTestApp({ env: { TRUST_PROXY: '1' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

/** Sends a chunked body (no Content-Length) over a real connection; the server may answer early. */
async function chunkedPost(app: TestApp['app'], chunks: Buffer[], headers: Record<string, string> = {}) {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: address.port,
        method: 'POST',
        path: '/api/convert/simple',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
      },
    );
    // The server closes the connection after an early answer: a write error then is expected.
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

let next = 0;
/** A fresh client address per test, so the 3-per-day windows never collide. */
function address(): string {
  next += 1;
  return `198.51.100.${next}`;
}

function quick(app: TestApp['app'], payload: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/convert/simple',
    payload,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The RateLimit headers of a quick convert answer. */
function standing(response: { headers: Record<string, unknown> }) {
  return {
    limit: Number(response.headers['ratelimit-limit']),
    remaining: Number(response.headers['ratelimit-remaining']),
    reset: Number(response.headers['ratelimit-reset']),
  };
}

describe('POST /api/convert/simple (anonymous)', () => {
  it('answers a CSV download, numbers exactly as written', async () => {
    const response = await quick(t.app, '[{"id":12345678901234567890,"x":{"y":0.1000000000000000055}}]', address());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=converted.csv');
    expect(response.body).toBe('id,x.y\n12345678901234567890,0.1000000000000000055\n');
  });

  it('reads a text/csv body as CSV and answers JSON, numbers exactly as written, counted like JSON', async () => {
    const client = address();
    const csv = 'id,name,address.city\n12345678901234567890,"Grace, Hopper",London\n2,Ada,\n';
    const response = await quick(t.app, csv, client, { 'content-type': 'text/csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=converted.json');
    expect(response.body).toBe(
      '[\n{"id":12345678901234567890,"name":"Grace, Hopper","address":{"city":"London"}},\n{"id":2,"name":"Ada","address":{"city":null}}\n]\n',
    );
    expect(standing(response)).toMatchObject({ limit: 3, remaining: 2 });
    const empty = await quick(t.app, ' \n', client, { 'content-type': 'text/csv; charset=utf-8' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Please enter CSV text');
    expect(standing(empty)).toMatchObject({ remaining: 1 });
  });

  it('accepts exactly 524,288 bytes and refuses one more, counted on the streamed body', async () => {
    const record = '{"a":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}';
    const fill = (size: number) => {
      const body = `[${Array.from({ length: Math.floor((size - 2) / (record.length + 1)) }, () => record).join(',')}]`;
      return body.replace(/^\[/, `[${' '.repeat(size - body.length)}`);
    };
    const exact = fill(524_288);
    expect(Buffer.byteLength(exact)).toBe(524_288);
    expect((await quick(t.app, exact, address())).statusCode).toBe(200);
    const over = fill(524_289);
    // Chunked, with no Content-Length to go by: the server must count.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const chunked = await chunkedPost(t.app, [Buffer.from(over.slice(0, 300_000)), Buffer.from(over.slice(300_000))]);
    expect(chunked.statusCode).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({
      detail: 'Quick convert accepts up to 512 KB of JSON. Sign in to convert larger files.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it("keeps each array's columns together when group_array_columns is true, and refuses another value", async () => {
    const orders = '[{"items":[{"sku":"a"}],"note":"n"},{"items":[{"sku":"b"},{"sku":"c"}],"note":"m"}]';
    const plain = await quick(t.app, orders, address());
    expect(plain.body).toBe('items.0.sku,note,items.1.sku\na,n,\nb,m,c\n');
    const grouped = await t.app.inject({
      method: 'POST',
      url: '/api/convert/simple?group_array_columns=true',
      payload: orders,
      remoteAddress: address(),
      headers: { 'content-type': 'application/json' },
    });
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect(grouped.body).toBe('items.0.sku,items.1.sku,note\na,,n\nb,c,m\n');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/convert/simple?group_array_columns=yes',
      payload: orders,
      remoteAddress: address(),
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'VALIDATION_FAILED', detail: 'group_array_columns must be true or false' });
  });

  it('answers empty input and broken JSON with the spec texts', async () => {
    const empty = await quick(t.app, '  \n', address());
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Please paste some JSON data.');
    const broken = await quick(t.app, '[{"a":1},', address());
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('CONVERSION_FAILED');
    expect(broken.json().detail).toMatch(/^Conversion failed: .+\(line 1/);
  });

  it('allows 3 conversions per 24 hours per address, then 429 with Retry-After and a sentence', async () => {
    const client = address();
    for (let i = 0; i < 3; i++) expect((await quick(t.app, '[{"a":1}]', client)).statusCode).toBe(200);
    const refused = await quick(t.app, '[{"a":1}]', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      detail:
        'Quick convert allows 3 conversions per 24 hours, and they have been used. The next one is available in 24 hours; sign in for more.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(standing(refused)).toEqual({ limit: 3, remaining: 0, reset: retryAfter });
    t.clock.advance(retryAfter * 1000);
    expect((await quick(t.app, '[{"a":1}]', client)).statusCode).toBe(200);
  });

  it('says on each answer how many conversions are left and when the next comes back', async () => {
    const client = address();
    const first = await quick(t.app, '[{"a":1}]', client);
    // The first conversion comes back 24 hours after it was made.
    expect(standing(first)).toEqual({ limit: 3, remaining: 2, reset: 24 * 3600 });
    t.clock.advance(3600 * 1000);
    const second = await quick(t.app, '[{"a":1}]', client);
    expect(standing(second)).toEqual({ limit: 3, remaining: 1, reset: 23 * 3600 });
    t.clock.advance(3600 * 1000);
    const third = await quick(t.app, '[{"a":1}]', client);
    expect(standing(third)).toEqual({ limit: 3, remaining: 0, reset: 22 * 3600 });
    const refused = await quick(t.app, '[{"a":1}]', client);
    expect(refused.json().detail).toMatch(/The next one is available in 22 hours; sign in for more\.$/);
    expect(standing(refused)).toEqual({ limit: 3, remaining: 0, reset: 22 * 3600 });
  });

  it('counts broken bodies sent directly against the quota, so they cannot be sent without end', async () => {
    const client = address();
    const broken = await quick(t.app, '{', client);
    expect(broken.statusCode).toBe(422);
    expect(standing(broken)).toMatchObject({ limit: 3, remaining: 2 });
    const blank = await quick(t.app, ' ', client);
    expect(blank.statusCode).toBe(400);
    expect(standing(blank)).toMatchObject({ remaining: 1 });
    expect((await quick(t.app, '[{"a":1}]', client)).statusCode).toBe(200);
    expect((await quick(t.app, '[{"a":1}]', client)).statusCode).toBe(429);
  });

  it('refuses a form (curl -F file=@data.json) from its header, using no conversion up', async () => {
    const client = address();
    const form = await quick(
      t.app,
      '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n[]\r\n--x--\r\n',
      client,
      {
        'content-type': 'multipart/form-data; boundary=x',
      },
    );
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: expect.stringMatching(/^This endpoint reads the request body itself, not a form/),
    });
    const converted = await quick(t.app, '[{"a":1}]', client);
    expect(converted.statusCode).toBe(200);
    expect(standing(converted)).toMatchObject({ remaining: 2 });
  });

  it('makes formula-like cells safe for spreadsheets, and leaves a signed number as it is', async () => {
    const json = '[{"a":"=HYPERLINK(\\"http://x\\")","b":"+1","c":"plain","d":"-A1"}]';
    const response = await quick(t.app, json, address());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe('a,b,c,d\n"\'=HYPERLINK(""http://x"")",+1,plain,\'-A1\n');
  });

  it('counts IPv6 clients by /64', async () => {
    for (let i = 1; i <= 3; i++) {
      expect((await quick(t.app, '[{"a":1}]', `2001:db8:aa:1::${i}`)).statusCode).toBe(200);
    }
    expect((await quick(t.app, '[{"a":1}]', '2001:db8:aa:1:ffff::9')).statusCode).toBe(429);
    expect((await quick(t.app, '[{"a":1}]', '2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const client = address();
    for (let i = 0; i < 3; i++) {
      await quick(t.app, '[{"a":1}]', client, { 'x-forwarded-for': `203.0.113.${i}` });
    }
    expect((await quick(t.app, '[{"a":1}]', client, { 'x-forwarded-for': '203.0.113.99' })).statusCode).toBe(429);

    const proxy = '10.9.9.9';
    for (let i = 0; i < 3; i++) {
      expect((await quick(proxied.app, '[{"a":1}]', proxy, { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(
        200,
      );
    }
    expect((await quick(proxied.app, '[{"a":1}]', proxy, { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(429);
    expect((await quick(proxied.app, '[{"a":1}]', proxy, { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(200);
  });

  it('behind a trusted proxy, counts a forwarded value that is not an IP address as the proxy, not as a new client', async () => {
    const proxy = '10.9.9.11';
    const garbage = ['unknown', 'x1', 'x2', '<script>', '203.0.113.5:80', '::zz', '999.0.0.1'];
    const statuses: number[] = [];
    for (const value of garbage) {
      statuses.push((await quick(proxied.app, '[{"a":1}]', proxy, { 'x-forwarded-for': value })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429]);
    // A real client address through the same proxy still has its own quota.
    expect((await quick(proxied.app, '[{"a":1}]', proxy, { 'x-forwarded-for': '203.0.113.60' })).statusCode).toBe(200);
  });

  it('behind one proxy, believes only the address that proxy appended, whatever the client wrote before it', async () => {
    const proxy = '10.9.9.10';
    // nginx appends the address it saw: a client's own X-Forwarded-For entries stay on the left.
    const spoofed = (i: number) => ({ 'x-forwarded-for': `192.0.2.${i}, 203.0.113.77` });
    for (let i = 0; i < 3; i++) expect((await quick(proxied.app, '[{"a":1}]', proxy, spoofed(i))).statusCode).toBe(200);
    const refused = await quick(proxied.app, '[{"a":1}]', proxy, spoofed(9));
    expect(refused.statusCode).toBe(429);
  });

  it('lets exactly 3 of 10 parallel requests from one address through', async () => {
    const client = address();
    const responses = await Promise.all(Array.from({ length: 10 }, () => quick(t.app, '[{"a":1}]', client)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });
});
