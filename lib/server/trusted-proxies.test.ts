import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { applyTrustedProxies, trustFromEnv } from './trusted-proxies';

function request(peer: string, headers: Record<string, string>): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: { ...headers },
  } as unknown as IncomingMessage;
}

describe('trusted proxies', () => {
  it('believes nobody by default: the socket address counts and forwarded protocol and host are dropped', () => {
    const req = request('203.0.113.9', {
      'x-forwarded-for': '10.9.9.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    applyTrustedProxies(req, trustFromEnv(undefined));
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(req.headers['x-forwarded-proto']).toBeUndefined();
    expect(req.headers['x-forwarded-host']).toBeUndefined();
  });

  it('takes the client from a trusted proxy, and no further than the first hop it does not trust', () => {
    const trust = trustFromEnv('10.0.0.0/8, 192.168.1.5');
    const req = request('10.0.0.2', {
      'x-forwarded-for': '198.51.100.1, 203.0.113.50, 192.168.1.5',
      'x-forwarded-proto': 'https',
    });
    applyTrustedProxies(req, trust);
    // 192.168.1.5 is trusted, 203.0.113.50 is not: it is the client; what it claims before is not believed.
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.50');
    expect(req.headers['x-forwarded-proto']).toBe('https');
  });

  it('names the variable and the entry it cannot read', () => {
    expect(() => trustFromEnv('10.0.0.0/8, proxy.internal')).toThrow('TRUSTED_PROXIES has "proxy.internal"');
  });
});
