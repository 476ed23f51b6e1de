import { BlockList, isIP } from 'node:net';

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) → `10.0.0.1`. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export function isLoopback(address: string | undefined): boolean {
  const normalized = normalizeAddress(address);
  return normalized === '::1' || (isIP(normalized) === 4 && normalized.startsWith('127.'));
}

/** An IPv4/IPv6 address or a CIDR range with a prefix that fits the address family. */
export function isIpOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** True when `address` is covered by one of the sources; an empty list allows everything. */
export function ipAllowed(sources: readonly string[], address: string): boolean {
  if (sources.length === 0) return true;
  const list = new BlockList();
  for (const source of sources) {
    const [network, prefix] = source.split('/');
    const family = isIP(network ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(network!, family);
    else list.addSubnet(network!, Number(prefix), family);
  }
  const normalized = normalizeAddress(address);
  return list.check(normalized, isIP(normalized) === 6 ? 'ipv6' : 'ipv4');
}
