import ipaddr from 'ipaddr.js';

/** Whether a webhook may connect to an address: undefined when it may, else why not. */
export type AddressPolicy = (address: string) => string | undefined;

// ipaddr.js names every special-purpose range (loopback, private, linkLocal, uniqueLocal, multicast,
// unspecified, carrierGradeNat, reserved, 6to4, teredo, ...); only plain global unicast is outside them.
const PUBLIC_RANGE = 'unicast';
/**
 * The only IPv6 block IANA hands out as global unicast. ipaddr.js calls every address it has no name for
 * `unicast`, the unassigned blocks included, among them the deprecated IPv4-compatible `::/96`: a URL's
 * `[::127.0.0.1]` is `::7f00:1`, which some stacks still route to 127.0.0.1.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * The webhook address rule: only global unicast addresses, IPv4 or IPv6 (within 2000::/3). An
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. With
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1) every valid address is allowed.
 */
export function webhookAddressPolicy(allowPrivate: boolean): AddressPolicy {
  return (address) => {
    if (!ipaddr.isValid(address)) return `'${address}' is not an IP address`;
    if (allowPrivate) return undefined;
    const parsed = ipaddr.process(address);
    const range = parsed.range();
    // A mapped address is named with the IPv4 address it carries, as that is what is refused.
    const carried = parsed.kind() === 'ipv4' && !ipaddr.IPv4.isValid(address) ? ` (${parsed.toString()})` : '';
    if (range !== PUBLIC_RANGE) return `${address}${carried} is ${describeRange(range)} address`;
    if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) {
      return parsed.match(IPV4_COMPATIBLE)
        ? `${address} is an IPv4-compatible address`
        : `${address} is not a global unicast address`;
    }
    return undefined;
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
