/** `EMULATOR_BUDGETS=real`: the real services' per-key budgets with their 429 answers. */
import { describe, expect, it } from 'vitest';
import { BudgetEnforcer, budgetsFromEnv, REAL_SURFACE_BUDGETS } from '../budgets';
import { basic, emulatorForFile } from './harness';

const t = emulatorForFile({ budgets: REAL_SURFACE_BUDGETS });

describe('emulator budgets', () => {
  it('answers the 11th cloud request of a key within 10 s with 429 and the rate-limit headers', async () => {
    for (let i = 0; i < 10; i++) expect((await t.cloud('GET', `${t.org}/keys`)).status).toBe(200);
    const limited = await fetch(`${t.emulator.cloudUrl}${t.org}/keys`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${t.emulator.cloudKeyId}:${t.emulator.cloudKeySecret}`).toString('base64')}`,
      },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('10');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeLessThanOrEqual(10);
    expect(await limited.json()).toMatchObject({ status: 429, error: expect.stringContaining('rate limit') });
  });

  it('leaves the query host, another host upstream, out of the cloud budget', async () => {
    for (let i = 0; i < 10; i++) await t.cloud('GET', `${t.org}/keys`);
    const res = await fetch(`${t.emulator.cloudUrl}/service/${t.emulator.serviceId}/run?format=JSONEachRow`, {
      method: 'POST',
      headers: { authorization: basic(t.adminPair), 'auth-provider': 'custom', 'x-service-type': 'clickhouse' },
      body: JSON.stringify({ runId: 'r', sql: 'SELECT 1' }),
    });
    // No endpoint is configured: the query host's own 403, not the cloud's 429.
    expect(res.status).toBe(403);
  });

  it('counts each key and each surface apart, and forgets on reset', async () => {
    for (let i = 0; i < 10; i++) await t.cloud('GET', `${t.org}/keys`);
    expect((await t.oss('GET', '/api/v2/sources')).status).toBe(200);
    await t.control('POST', '/reset');
    expect((await t.cloud('GET', `${t.org}/keys`)).status).toBe(200);
  });
});

describe('budget windows', () => {
  it('opens a new window after the old one ends', () => {
    const enforcer = new BudgetEnforcer({
      cloud: { limit: 2, windowMs: 1_000 },
      observability: REAL_SURFACE_BUDGETS.observability,
    });
    expect(enforcer.take('cloud', 'k', 0).allowed).toBe(true);
    expect(enforcer.take('cloud', 'k', 10).allowed).toBe(true);
    expect(enforcer.take('cloud', 'k', 400)).toEqual({ allowed: false, limit: 2, resetSeconds: 1 });
    expect(enforcer.take('cloud', 'other', 400).allowed).toBe(true);
    expect(enforcer.take('cloud', 'k', 1_000).allowed).toBe(true);
  });

  it('takes EMULATOR_BUDGETS as "real" or "off" and names the variable for anything else', () => {
    expect(budgetsFromEnv('real')).toBe(REAL_SURFACE_BUDGETS);
    expect(budgetsFromEnv(undefined)).toBeUndefined();
    expect(budgetsFromEnv('off')).toBeUndefined();
    expect(() => budgetsFromEnv('yes')).toThrow('EMULATOR_BUDGETS must be "real" or "off", got "yes"');
  });
});
