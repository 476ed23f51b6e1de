import { describe, expect, it } from 'vitest';
import { configProblems, shutdownGraceMs, startupProblems } from './env-check';
import { freePort } from './testing/free-port';
import { redisUnavailableReason, startTestRedis } from './testing/redis';

const ORG = '6f0b1a6e-8c1e-4b7a-9a57-3f6f2d1e0a11';
const SERVICE = '0d3c6a2b-5e4f-4c8d-b1a9-7e2f3c4d5a66';

const realUpstreams = {
  CLOUD_API_URL: 'https://api.cloud.example',
  CLOUD_API_KEY_ID: 'key',
  CLOUD_API_KEY_SECRET: 'secret',
  CLOUD_ORGANIZATION_ID: ORG,
  CLOUD_SERVICE_ID: SERVICE,
  OBSERVABILITY_API_URL: 'https://observability.example:8000',
  OBSERVABILITY_API_KEY: 'bearer',
};

describe('the configuration check', () => {
  it('finds nothing wrong with an empty environment (every upstream emulated) or a complete one', () => {
    expect(configProblems({})).toEqual([]);
    expect(
      configProblems({
        ...realUpstreams,
        PORT: '8080',
        SESSION_SECRET: 'x'.repeat(32),
        DATABASE_URL: 'postgres://sluice:pw@db:5432/sluice',
        REDIS_URL: 'redis://redis:6379',
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_ID: 'sluice',
        OIDC_ROLE_MAP: 'admins=admin,*=viewer',
        TRUSTED_PROXIES: '10.0.0.0/8',
        CLOUD_API_BUDGET: '10/10s',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_MS: '5000',
        PIPE_METRICS_INTERVAL_MS: '1000',
        METRICS_RETENTION_DAYS: '30',
      }),
    ).toEqual([]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number between 1 and 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be a port number between 1 and 65535, got "70000"'],
    [
      { DATABASE_URL: 'mysql://db/sluice' },
      'DATABASE_URL must start with postgres:// or postgresql:// (it starts with mysql://)',
    ],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a URL: use postgres://user:password@host:5432/database'],
    [
      { REDIS_URL: 'http://redis:6379' },
      'REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://redis.internal:6379',
    ],
    [
      { SESSION_SECRET: 'short' },
      'SESSION_SECRET must be at least 32 characters long (it has 5); unset it to let the console generate one in its data folder',
    ],
    [{ CONSOLE_ADMIN_PASSWORD: 'abc' }, 'CONSOLE_ADMIN_PASSWORD must be at least 8 characters long'],
    [
      { OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'sluice', OIDC_ROLE_MAP: 'admins=owner' },
      'OIDC_ROLE_MAP: "admins=owner" names the role "owner"; use one of viewer, editor, admin',
    ],
    [
      { OIDC_ISSUER: 'https://id.example', OIDC_ROLE_MAP: '*=viewer' },
      'OIDC_CLIENT_ID is not set: single sign-on (OIDC_ISSUER) needs the client id registered at the provider',
    ],
    [{ LOCAL_USERS: 'maybe' }, 'LOCAL_USERS must be "on" or "off" (it is "maybe")'],
    [{ ...realUpstreams, CLOUD_API_URL: 'ftp://api.example' }, 'CLOUD_API_URL must be an http(s) URL'],
    [
      { ...realUpstreams, CLOUD_API_KEY_SECRET: undefined },
      'CLOUD_API_KEY_SECRET is not set: CLOUD_API_URL points at a real service, which needs it',
    ],
    [
      { ...realUpstreams, OBSERVABILITY_API_KEY: '' },
      'OBSERVABILITY_API_KEY is not set: OBSERVABILITY_API_URL points at a real service, which needs it',
    ],
    [{ CLOUD_SERVICE_ID: 'svc-1' }, 'CLOUD_SERVICE_ID must be a UUID, got "svc-1"'],
    [
      { TRUSTED_PROXIES: '10.0.0.0/33' },
      'TRUSTED_PROXIES has "10.0.0.0/33", which is not an IP address, a CIDR range, loopback, linklocal or uniquelocal',
    ],
    [
      { CLOUD_API_BUDGET: 'lots' },
      'CLOUD_API_BUDGET must look like "10/10s" (requests per window; units ms, s, m, h) or "off", got "lots"',
    ],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [{ SLUICE_CONTRACT_CHECKS: 'no' }, 'SLUICE_CONTRACT_CHECKS must be one of on, off, got "no"'],
    [
      { UPSTREAM_READ_TIMEOUT_MS: '0' },
      'UPSTREAM_READ_TIMEOUT_MS must be a whole number of milliseconds, at least 1, got "0"',
    ],
    [{ UPSTREAM_CACHE_MS: '3s' }, 'UPSTREAM_CACHE_MS must be a whole number of milliseconds, got "3s"'],
    [
      { PIPE_METRICS_INTERVAL_MS: '500' },
      'PIPE_METRICS_INTERVAL_MS must be a whole number of milliseconds, at least 1000, got "500"',
    ],
    [
      { METRICS_RETENTION_DAYS: '0' },
      'METRICS_RETENTION_DAYS must be a whole number of days between 1 and 365, got "0"',
    ],
    [
      { METRICS_RETENTION_DAYS: '2w' },
      'METRICS_RETENTION_DAYS must be a whole number of days between 1 and 365, got "2w"',
    ],
    [{ SHUTDOWN_GRACE_MS: '-1' }, 'SHUTDOWN_GRACE_MS must be a whole number of milliseconds, got "-1"'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    const problems = configProblems(env);
    expect(problems.map((p) => p.message)).toEqual([message]);
    expect(message.split('\n')).toHaveLength(1);
    expect(message.startsWith(problems[0]!.variable)).toBe(true);
  });

  it('requires both upstream URLs where there is no embedded emulator (the standalone server)', () => {
    expect(configProblems({}, { embeddedEmulator: false }).map((p) => p.message)).toEqual([
      'CLOUD_API_URL is not set: this server has no embedded emulator (`npm start` has), so it needs the real service',
      'OBSERVABILITY_API_URL is not set: this server has no embedded emulator (`npm start` has), so it needs the real service',
    ]);
    expect(configProblems(realUpstreams, { embeddedEmulator: false })).toEqual([]);
  });

  it('reports every malformed variable, one line each', () => {
    expect(configProblems({ PORT: 'x', SESSION_SECRET: 'y' }).map((p) => p.variable)).toEqual([
      'PORT',
      'SESSION_SECRET',
    ]);
  });

  it('checks the notification variables', () => {
    expect(
      configProblems({
        SMTP_URL: 'smtp://mail.internal:587',
        NOTIFY_ALLOWED_HOSTS: '127.0.0.1, hooks.internal',
        NOTIFY_REMIND_HOURS: '12',
        SLUICE_ENCRYPTION_KEY: 'k'.repeat(32),
      }),
    ).toEqual([]);
    expect(
      configProblems({
        SMTP_URL: 'http://mail',
        NOTIFY_ALLOWED_HOSTS: 'a b',
        NOTIFY_REMIND_HOURS: '0',
        SLUICE_ENCRYPTION_KEY: 'short',
      })
        .map((p) => p.variable)
        .sort(),
    ).toEqual(['NOTIFY_ALLOWED_HOSTS', 'NOTIFY_REMIND_HOURS', 'SLUICE_ENCRYPTION_KEY', 'SMTP_URL']);
  });

  it('reads the shutdown grace, 25 s by default', () => {
    expect(shutdownGraceMs({})).toBe(25_000);
    expect(shutdownGraceMs({ SHUTDOWN_GRACE_MS: '1500' })).toBe(1_500);
  });
});

describe('the check at start', () => {
  it('refuses a REDIS_URL nobody answers at', async () => {
    const port = await freePort();
    expect(await startupProblems({ REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` })).toEqual([
      {
        variable: 'REDIS_URL',
        message: `REDIS_URL cannot be reached: Redis at redis://:***@127.0.0.1:${port} does not answer`,
      },
    ]);
  });

  it.skipIf(redisUnavailableReason() !== null)('accepts a Redis that answers', async () => {
    const redis = await startTestRedis();
    try {
      expect(await startupProblems({ REDIS_URL: redis.url })).toEqual([]);
    } finally {
      await redis.stop();
    }
  });
});
