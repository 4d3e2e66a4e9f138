import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { addressSubject, clientAddress, trustedProxies } from './client-address.js';

/** The client address Fastify gives a request for TRUST_PROXY=`setting`. */
async function fastifyAddress(setting: string, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: trustedProxies(loadConfig({ TRUST_PROXY: setting }).trustProxy) });
  app.get('/', async (request) => request.ip);
  const response = await app.inject({
    method: 'GET',
    url: '/',
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });
  await app.close();
  return response.body;
}

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-For is ignored', async () => {
    expect(await fastifyAddress('', '198.51.100.1', '203.0.113.5')).toBe('198.51.100.1');
  });

  it('a hop count: the first untrusted hop from the right, so spoofed entries on the left are ignored', async () => {
    expect(await fastifyAddress('1', '10.0.0.2', '192.0.2.66, 203.0.113.5')).toBe('203.0.113.5');
    expect(await fastifyAddress('2', '10.0.0.2', '192.0.2.66, 203.0.113.5, 10.0.0.1')).toBe('203.0.113.5');
    expect(await fastifyAddress('1', '10.0.0.2')).toBe('10.0.0.2');
  });

  it('a list of proxies: only they may forward, and the client is the first address that is not one', async () => {
    const proxies = '10.0.0.0/8, 127.0.0.1';
    expect(await fastifyAddress(proxies, '10.1.1.1', '192.0.2.66, 203.0.113.5, 10.2.2.2')).toBe('203.0.113.5');
    // A client reaching the server directly cannot forward for anyone.
    expect(await fastifyAddress(proxies, '198.51.100.9', '203.0.113.5')).toBe('198.51.100.9');
  });

  it('refuses `true` and malformed lists', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8, nginx' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, ::1, 172.16.0.0/12' }).trustProxy).toEqual([
      'loopback',
      '::1',
      '172.16.0.0/12',
    ]);
  });
});

describe('TRUST_PROXY ranges that trust everyone', () => {
  it.each(['0.0.0.0/0', '::/0', '::ffff:0:0/96', '::/80', '10.0.0.0/8, 0.0.0.0/0', '1.2.3.4/0'])(
    'refuses %s, saying why',
    (setting) => {
      expect(() => loadConfig({ TRUST_PROXY: setting })).toThrow(
        /^TRUST_PROXY \S+ trusts every address, so any client could choose its own address \(and quotas\) with X-Forwarded-For: list only your proxies' addresses or CIDRs, or give a hop count$/,
      );
    },
  );

  it.each(['0.0.0.0/1', '10.0.0.0/8', '::ffff:10.0.0.0/104', '2001:db8::/32', '0.0.0.0', '::'])(
    'accepts %s, which holds only part of the addresses',
    (setting) => {
      expect(loadConfig({ TRUST_PROXY: setting }).trustProxy).toEqual([setting]);
    },
  );
});

describe('clientAddress', () => {
  /** The address the quotas count for a request through a trusted proxy at 10.0.0.2. */
  async function counted(setting: string, forwardedFor: string): Promise<string> {
    const app = Fastify({ trustProxy: trustedProxies(loadConfig({ TRUST_PROXY: setting }).trustProxy) });
    app.get('/', async (request) => clientAddress(request));
    const response = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });
    await app.close();
    return response.body;
  }

  it('is the forwarded client when that is an IP address', async () => {
    expect(await counted('1', '203.0.113.5')).toBe('203.0.113.5');
    expect(await counted('10.0.0.0/8', '2001:db8::5')).toBe('2001:db8::5');
  });

  it.each(['unknown', 'x', '<script>', '999.1.1.1', '203.0.113.5:443', '', 'a, b'])(
    'is the socket’s peer when the forwarded value %j is not an IP address',
    async (value) => {
      expect(await counted('1', value)).toBe('10.0.0.2');
      expect(await counted('10.0.0.0/8', value)).toBe('10.0.0.2');
    },
  );
});

describe('addressSubject', () => {
  it('counts IPv6 by /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressSubject('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressSubject('192.0.2.1')).toBe('192.0.2.1');
  });
});
