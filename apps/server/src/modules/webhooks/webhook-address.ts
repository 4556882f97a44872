import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@fieldbot/shared';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent (SSRF guard). Only public unicast addresses are reachable: loopback,
 * private (RFC 1918, CGNAT, unique-local), link-local (cloud metadata at 169.254.169.254),
 * unspecified, multicast, reserved and the IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4, Teredo) are refused, unless WEBHOOK_ALLOWED_HOSTS lists the host or its address.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** WEBHOOK_ALLOWED_HOSTS parsed: host names (exact, lower case), addresses and CIDR ranges. */
export interface WebhookAllowList {
  hosts: ReadonlySet<string>;
  ranges: readonly [Address, number][];
}

export const EMPTY_ALLOW_LIST: WebhookAllowList = { hosts: new Set(), ranges: [] };

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Throws with the entry in its message when one is neither a host name, an address nor a CIDR. */
export function parseWebhookAllowList(entries: readonly string[]): WebhookAllowList {
  const hosts = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1');
    if (entry === '') continue;
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`"${raw}" is not a valid CIDR range`);
      const [address, bits] = ipaddr.parseCIDR(entry);
      ranges.push([address, bits]);
    } else if (isIP(entry)) {
      const address = ipaddr.parse(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (HOST_NAME.test(entry)) {
      hosts.add(entry);
    } else {
      throw new Error(`"${raw}" is not a host name, IP address or CIDR range`);
    }
  }
  return { hosts, ranges };
}

/** Undoes IPv4-mapped IPv6 (::ffff:10.0.0.1 is 10.0.0.1), so it is judged as the IPv4 it is. */
const normalise = (ip: string): Address => ipaddr.process(ip);

/** True for a public unicast address (the only kind a webhook may reach without the allow-list). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return normalise(ip).range() === 'unicast';
}

function inAllowList(list: WebhookAllowList, ip: string): boolean {
  const address = normalise(ip);
  return list.ranges.some(
    ([range, bits]) => range.kind() === address.kind() && address.match(range, bits),
  );
}

export type Resolver = (host: string) => Promise<string[]>;

/** The operating system's resolution (hosts file, then DNS), every address of the name. */
export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export type UrlRefusal = 'invalid' | 'https' | 'credentials' | 'unresolvable' | 'refused';

const REFUSAL_MESSAGES: Record<UrlRefusal, string> = {
  invalid: WEBHOOK_MESSAGES.urlInvalid,
  https: WEBHOOK_MESSAGES.urlHttpsRequired,
  credentials: WEBHOOK_MESSAGES.urlCredentials,
  unresolvable: WEBHOOK_MESSAGES.urlUnresolvable,
  refused: WEBHOOK_MESSAGES.urlRefused,
};

/** Its message is the field message of the form and the error of the delivery log. */
export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
  constructor(readonly reason: UrlRefusal) {
    super(REFUSAL_MESSAGES[reason]);
  }
}

export interface WebhookAddressGuard {
  /**
   * Checks a URL and resolves its host; throws WebhookAddressError. Returns the checked addresses,
   * which the connection must use (a second resolution could answer differently: DNS rebinding).
   */
  check(url: string): Promise<{ url: URL; addresses: string[] }>;
}

/**
 * https is required unless the host is allow-listed (local receivers in tests and development):
 * the secret signs the body, but only TLS keeps the payload (customer data) private.
 */
export function createWebhookAddressGuard(options: {
  allowList: WebhookAllowList;
  resolve?: Resolver;
}): WebhookAddressGuard {
  const { allowList } = options;
  const resolve = options.resolve ?? systemResolver;
  return {
    async check(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new WebhookAddressError('invalid');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new WebhookAddressError('invalid');
      }
      if (url.username !== '' || url.password !== '') {
        throw new WebhookAddressError('credentials');
      }
      const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
      let addresses: string[];
      if (isIP(host)) {
        addresses = [host];
      } else {
        try {
          addresses = await resolve(host);
        } catch {
          throw new WebhookAddressError('unresolvable');
        }
        if (addresses.length === 0) throw new WebhookAddressError('unresolvable');
      }
      const hostAllowed = allowList.hosts.has(host);
      const allowed = addresses.map((ip) => hostAllowed || inAllowList(allowList, ip));
      // Every address must pass: the connection may use any of them.
      if (addresses.some((ip, i) => !allowed[i] && !isPublicAddress(ip))) {
        throw new WebhookAddressError('refused');
      }
      if (url.protocol === 'http:' && !allowed.every(Boolean)) {
        throw new WebhookAddressError('https');
      }
      return { url, addresses };
    },
  };
}
