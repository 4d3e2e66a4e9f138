import ipaddr from 'ipaddr.js';

/** Whether a webhook may connect to an address: undefined when it may, else why not. */
export type AddressPolicy = (address: string) => string | undefined;

// ipaddr.js names every special-purpose range (loopback, private, linkLocal, uniqueLocal, multicast,
// unspecified, carrierGradeNat, reserved, 6to4, teredo, ...); only plain global unicast is outside them.
const PUBLIC_RANGE = 'unicast';

/**
 * The webhook address rule: only global unicast addresses, IPv4 or IPv6. An IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. With `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE=1) every valid address is allowed.
 */
export function webhookAddressPolicy(allowPrivate: boolean): AddressPolicy {
  return (address) => {
    if (!ipaddr.isValid(address)) return `'${address}' is not an IP address`;
    if (allowPrivate) return undefined;
    const range = ipaddr.process(address).range();
    return range === PUBLIC_RANGE ? undefined : `${address} is ${describeRange(range)} address`;
  };
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback',
  private: 'a private',
  linkLocal: 'a link-local',
  uniqueLocal: 'a unique-local',
  multicast: 'a multicast',
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  carrierGradeNat: 'a carrier-grade NAT',
};

function describeRange(range: string): string {
  return RANGE_NAMES[range] ?? `a reserved (${range})`;
}
