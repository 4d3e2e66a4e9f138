import ipaddr from 'ipaddr.js';

/**
 * The subject a per-address limit counts: an IPv4 address as is, an IPv6 address by its /64 (one
 * household or server usually owns a whole /64, so counting single IPv6 addresses limits nothing).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressSubject(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
