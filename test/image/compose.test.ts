import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../../lib/server/env-check';

const deploy = path.resolve(import.meta.dirname, '..', '..', 'deploy');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  stop_grace_period?: string;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: unknown;
  networks?: Record<string, { ipv4_address?: string } | null>;
}

const compose = parse(readFileSync(path.join(deploy, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const consoles = Object.entries(compose.services).filter(([, service]) => service.build);

describe('deploy/compose.yaml', () => {
  it('runs two consoles from the Dockerfile, each with its own data volume', () => {
    expect(consoles.map(([name]) => name)).toEqual(['console-1', 'console-2']);
    for (const [, service] of consoles) {
      expect(existsSync(path.resolve(deploy, service.build!.context, service.build!.dockerfile))).toBe(true);
      expect(service.volumes).toHaveLength(1);
      expect(service.volumes![0]).toMatch(/:\/data$/);
    }
    expect(new Set(consoles.map(([, service]) => service.volumes![0])).size).toBe(2);
  });

  it('shares Redis and Postgres, started healthy first, and trusts only the proxy', () => {
    const proxyAddress = compose.services.proxy!.networks!.sluice!.ipv4_address;
    for (const [, service] of consoles) {
      expect(service.environment!.REDIS_URL).toBe('redis://redis:6379');
      expect(service.environment!.DATABASE_URL).toMatch(
        /^postgres:\/\/sluice:\$\{POSTGRES_PASSWORD:\?.*\}@postgres:5432\/sluice$/,
      );
      expect(service.environment!.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
      expect(service.environment!.TRUSTED_PROXIES).toBe(proxyAddress);
      expect(service.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(compose.services.postgres!.healthcheck).toBeDefined();
    expect(compose.services.redis!.healthcheck).toBeDefined();
  });

  it('gives a stopping console longer than its grace period before a SIGKILL', () => {
    for (const [, service] of consoles)
      expect(Number.parseInt(service.stop_grace_period!, 10) * 1000).toBeGreaterThan(DEFAULT_SHUTDOWN_GRACE_MS);
  });

  it('sends the proxy to both consoles on their port', () => {
    const nginx = readFileSync(path.join(deploy, 'nginx.conf'), 'utf8');
    const dockerfilePort = /^EXPOSE (\d+)$/m.exec(readFileSync(path.join(deploy, '..', 'Dockerfile'), 'utf8'))![1];
    for (const [name] of consoles) expect(nginx).toContain(`server ${name}:${dockerfilePort}`);
  });
});
