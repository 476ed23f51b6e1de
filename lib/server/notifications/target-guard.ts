import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { envValue } from '../env';

/**
 * Where a webhook, Slack or SMTP delivery may go. A console inside a private network must not
 * become a way to reach it (SSRF): private, loopback, link-local and other special addresses are
 * refused unless the host is listed in `NOTIFY_ALLOWED_HOSTS`; the cloud metadata address always.
 * Checked when a channel is saved (the URL as written) and again at delivery, on the addresses the
 * name resolves to then, which are the ones connected to (a name cannot change between the two).
 */
const special = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  special.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  special.addSubnet(network, prefix, 'ipv6');
}

const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', 'metadata.google.internal']);

export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

/** `NOTIFY_ALLOWED_HOSTS`: host names or addresses, comma separated, compared without case. */
export function allowedHosts(raw = envValue('NOTIFY_ALLOWED_HOSTS')): Set<string> {
  return new Set(
    (raw ?? '')
      .split(',')
      .map((entry) =>
        entry
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
  );
}

function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

function mappedV4(address: string): string | undefined {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
}

/** Whether an address is private, loopback, link-local or otherwise not on the public internet. */
export function isSpecialAddress(address: string): boolean {
  const v4 = mappedV4(address);
  if (v4) return special.check(v4, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return special.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function refusedAddress(host: string, address: string, allowed: Set<string>): string | undefined {
  const plain = mappedV4(address) ?? address;
  if (METADATA.has(plain) || METADATA.has(host)) return `${host} is the cloud metadata address, which is never allowed`;
  if (isSpecialAddress(plain) && !allowed.has(host) && !allowed.has(plain)) {
    return `${host} is a private, loopback or link-local address; list it in NOTIFY_ALLOWED_HOSTS to allow it`;
  }
  return undefined;
}

/** The URL as written: http(s) only, and not a special address (or a name that plainly is one) unless allowed. Returns the problem, or undefined. */
export function problemWithUrl(raw: string, allowed = allowedHosts()): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) URL';
  const host = bareHost(url.hostname);
  if (host === '') return 'must name a host';
  const literal =
    isIP(host) !== 0 ? host : host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : undefined;
  if (METADATA.has(host)) return `${host} is the cloud metadata address, which is never allowed`;
  return literal ? refusedAddress(host, literal, allowed) : undefined;
}

/** An SMTP server given as host[:port]: the same rules as a URL's host. */
export function problemWithHost(host: string, allowed = allowedHosts()): string | undefined {
  const bare = bareHost(host);
  const literal = isIP(bare) !== 0 ? bare : bare === 'localhost' ? '127.0.0.1' : undefined;
  if (METADATA.has(bare)) return `${bare} is the cloud metadata address, which is never allowed`;
  return literal ? refusedAddress(bare, literal, allowed) : undefined;
}

/** A host name and the address it resolved to (an SMTP server's, checked before connecting to that address). */
export function problemWithResolved(host: string, address: string, allowed = allowedHosts()): string | undefined {
  return refusedAddress(bareHost(host), address, allowed);
}

/**
 * A DNS lookup for the delivery's own connection that refuses special addresses: the check and
 * the connection use the same answer.
 */
export function guardedLookup(host: string, allowed = allowedHosts()): LookupFunction {
  const name = bareHost(host);
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      for (const entry of list) {
        const problem = refusedAddress(name, entry.address, allowed);
        if (problem) return callback(new TargetRefused(problem), '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
