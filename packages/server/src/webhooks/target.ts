import dns from 'node:dns';
import net from 'node:net';
import { type AddressPolicy, webhookAddressPolicy } from './address-policy.js';

/** Resolves a host name to all its addresses (dns.lookup by default; tests may inject one). */
export type Resolver = (hostname: string) => Promise<string[]>;

/** The system resolver, as connections use it (the hosts file included). */
export const systemResolver: Resolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Where webhooks may be sent: the address rule and whether plain http is allowed. */
export interface TargetRules {
  allowHttp: boolean;
  addressAllowed: AddressPolicy;
  resolve: Resolver;
}

/** The rules as configured (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE), with the system resolver. */
export function webhookRules(settings: { allowHttp: boolean; allowPrivate: boolean }): TargetRules {
  return {
    allowHttp: settings.allowHttp,
    addressAllowed: webhookAddressPolicy(settings.allowPrivate),
    resolve: systemResolver,
  };
}

/** Why a webhook URL cannot be used; the message is shown to the user as it is. */
export class TargetRefused extends Error {}

/** The URL's host without IPv6 brackets, and whether it is an IP literal. */
export function hostOf(url: URL): { host: string; literal: boolean } {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { host, literal: net.isIP(host) !== 0 };
}

/** Parses a webhook URL and checks its form (scheme, no credentials); throws TargetRefused. */
function parseTargetUrl(raw: string, rules: Pick<TargetRules, 'allowHttp'>): URL {
  if (!URL.canParse(raw)) throw new TargetRefused('The webhook URL is not a valid URL.');
  const url = new URL(raw);
  const allowed = rules.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) {
    throw new TargetRefused(
      rules.allowHttp
        ? 'The webhook URL must start with https:// or http://.'
        : 'The webhook URL must start with https://.',
    );
  }
  if (url.username || url.password)
    throw new TargetRefused('The webhook URL must not contain a user name or password.');
  return url;
}

/** Checks one address against the rule; throws TargetRefused naming the host. */
export function checkAddress(host: string, address: string, rules: Pick<TargetRules, 'addressAllowed'>): void {
  const reason = rules.addressAllowed(address);
  if (reason !== undefined) {
    const via = host === address ? '' : ` (${host} resolves to it)`;
    throw new TargetRefused(`Webhooks cannot be sent to this address: ${reason}${via}.`);
  }
}

/**
 * Checks a webhook URL as it would be used now: its form, and every address its host resolves to.
 * Used at registration (a clear 400) and before each delivery; the connection itself checks again
 * (see `guardedLookup`), since DNS may answer differently a moment later.
 */
export async function checkTarget(raw: string, rules: TargetRules): Promise<URL> {
  const url = parseTargetUrl(raw, rules);
  const { host, literal } = hostOf(url);
  const addresses = literal ? [host] : await resolveOrRefuse(host, rules.resolve);
  for (const address of addresses) checkAddress(host, address, rules);
  return url;
}

async function resolveOrRefuse(host: string, resolve: Resolver): Promise<string[]> {
  try {
    const addresses = await resolve(host);
    if (addresses.length > 0) return addresses;
  } catch {
    // Reported below, the same way as an empty answer.
  }
  throw new TargetRefused(`The webhook URL's host name ${host} could not be resolved.`);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves with `rules.resolve` and fails when any resolved
 * address is refused, so the address connected to is always one that was checked (a DNS answer that
 * changes between the check and the connection, DNS rebinding, cannot pass).
 */
export function guardedLookup(rules: Pick<TargetRules, 'addressAllowed' | 'resolve'>) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    rules
      .resolve(hostname)
      .then((addresses) => {
        for (const address of addresses) checkAddress(hostname, address, rules);
        const wanted = addresses.filter((address) => !options.family || net.isIP(address) === options.family);
        const [first] = wanted;
        if (first === undefined)
          throw new TargetRefused(`The webhook URL's host name ${hostname} could not be resolved.`);
        if (options.all) {
          callback(
            null,
            wanted.map((address) => ({ address, family: net.isIP(address) })),
          );
        } else {
          callback(null, first, net.isIP(first));
        }
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}
