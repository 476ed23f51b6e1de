import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * Whose `X-Forwarded-*` headers the console believes. Read by the console's HTTP server
 * (scripts/console-server.ts) before Next sees a request: Next itself would take a client's
 * `X-Forwarded-For` as given, so rotating it would lift the per-address sign-in limit.
 */
export type Trust = (address: string, hop: number) => boolean;

/**
 * `TRUSTED_PROXIES`: addresses and CIDR ranges, comma separated, plus proxy-addr's names
 * `loopback`, `linklocal` and `uniquelocal`; empty means no proxy is trusted. Throws naming the
 * variable and the entry it cannot read.
 */
export function trustFromEnv(raw: string | undefined): Trust {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      proxyaddr.compile(entry);
    } catch {
      throw new Error(
        `TRUSTED_PROXIES has "${entry}", which is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`,
      );
    }
  }
  return proxyaddr.compile(entries);
}

const FORWARDED_FROM_PROXY = ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'x-real-ip'] as const;

/**
 * Rewrites the request's forwarding headers to what can be believed: `X-Forwarded-For` becomes the
 * one client address (the nearest hop no trusted proxy vouches for), and the protocol and host a
 * proxy reports are kept only when the socket's peer is a trusted proxy (Next then fills them from
 * the socket itself).
 */
export function applyTrustedProxies(request: IncomingMessage, trust: Trust): void {
  const peer = request.socket.remoteAddress ?? '';
  request.headers['x-forwarded-for'] = proxyaddr(request, trust);
  if (peer && trust(peer, 0)) return;
  for (const header of FORWARDED_FROM_PROXY) delete request.headers[header];
}
