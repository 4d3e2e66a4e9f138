import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * The client's address as per-address limits count it: Fastify's `request.ip` (X-Forwarded-For, as far
 * as TRUST_PROXY trusts it) when that is an IP address, else the socket's peer. A trusted proxy passes a
 * client's own X-Forwarded-For entries on, and Fastify takes a value that is no address at all as the
 * client (`x`, `unknown`, any text): counted as given, each such text would get its own quota.
 */
export function clientAddress(request: Pick<FastifyRequest, 'ip' | 'socket'>): string {
  if (ipaddr.isValid(request.ip)) return request.ip;
  return request.socket.remoteAddress ?? request.ip;
}

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

/** Fastify's trustProxy function: whether the address `hop` steps from the right is a trusted proxy. */
type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting, never `true`: with it the client is the first
 * address not trusted, counted from the right of X-Forwarded-For (the socket's peer being hop 0), so
 * whatever a client writes to the left of what its proxies appended is ignored. A hop count trusts
 * that many hops whoever they are (the server must then be reachable only through its proxies); a
 * list trusts those addresses or CIDRs only.
 */
export function trustedProxies(setting: number | readonly string[] | false): false | string[] | TrustProxyFunction {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting === false ? false : [...setting];
}
