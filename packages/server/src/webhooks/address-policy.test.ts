import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webhookAddressPolicy } from './address-policy.js';

const strict = webhookAddressPolicy(false);

describe('webhookAddressPolicy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.251', 'multicast'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::7f00:1', 'reserved'],
    // The deprecated IPv4-compatible form (`[::127.0.0.1]` in a URL), and blocks IANA never assigned.
    ['::7f00:1', 'IPv4-compatible'],
    ['::a9fe:a9fe', 'IPv4-compatible'],
    ['::1:0:0:1', 'not a global unicast'],
    ['4000::1', 'not a global unicast'],
    ['fec0::1', 'reserved'],
    ['100::1', 'reserved'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(strict(address)).toContain(kind);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.215.14'])('allows %s', (address) => {
    expect(strict(address)).toBeUndefined();
  });

  it('refuses every private IPv4 address, written plainly or mapped into IPv6', () => {
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
    );
    fc.assert(
      fc.property(privateV4, (octets) => {
        const v4 = octets.join('.');
        expect(strict(v4)).toBeDefined();
        expect(strict(`::ffff:${v4}`)).toBeDefined();
        expect(strict(`::${v4}`)).toBeDefined();
      }),
    );
  });

  it('allows every valid address with WEBHOOK_ALLOW_PRIVATE, and never what is not an address', () => {
    const open = webhookAddressPolicy(true);
    expect(open('127.0.0.1')).toBeUndefined();
    expect(open('::1')).toBeUndefined();
    expect(open('localhost')).toBe("'localhost' is not an IP address");
    expect(strict('localhost')).toBe("'localhost' is not an IP address");
  });
});
