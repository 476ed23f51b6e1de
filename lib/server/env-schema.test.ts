/** The tunable durations: one reader with one rule per variable, the same schema `npm start` checks. */
import { describe, expect, it } from 'vitest';
import { configProblems } from './env-check';
import { DURATION_DEFAULTS, durationFromEnv, envText, envValue, wholeNumberFromEnv } from './env-schema';

describe('durationFromEnv', () => {
  it('takes a whole number of milliseconds, and the default when unset or blank', () => {
    expect(durationFromEnv('UPSTREAM_CACHE_MS', { UPSTREAM_CACHE_MS: '1500' })).toBe(1500);
    expect(durationFromEnv('UPSTREAM_CACHE_MS', { UPSTREAM_CACHE_MS: '0' })).toBe(0);
    expect(durationFromEnv('UPSTREAM_CACHE_MS', {})).toBe(3_000);
    expect(durationFromEnv('UPSTREAM_READ_QUEUE_MS', { UPSTREAM_READ_QUEUE_MS: ' ' })).toBe(8_000);
  });

  it('falls back to the default for a value the start check refuses, by the same rule', () => {
    for (const [name, value] of [
      ['UPSTREAM_READ_TIMEOUT_MS', '0'],
      ['UPSTREAM_CACHE_MS', '-1'],
      ['UPSTREAM_WRITE_QUEUE_MS', '1.5'],
      ['UPSTREAM_CHART_CACHE_MS', 'soon'],
    ] as const) {
      expect(durationFromEnv(name, { [name]: value })).toBe(DURATION_DEFAULTS[name]);
      expect(configProblems({ [name]: value }).map((p) => p.variable)).toContain(name);
    }
  });
});

describe('the environment reader', () => {
  it('gives a set variable as it is, and undefined for an unset or empty one', () => {
    expect(envValue('SESSION_SECRET', { SESSION_SECRET: ' kept as set ' })).toBe(' kept as set ');
    expect(envValue('SESSION_SECRET', { SESSION_SECRET: '' })).toBeUndefined();
    expect(envValue('SESSION_SECRET', {})).toBeUndefined();
    expect(envText('REDIS_URL', { REDIS_URL: '  redis://r:6379 ' })).toBe('redis://r:6379');
    expect(envText('REDIS_URL', { REDIS_URL: '   ' })).toBeUndefined();
  });

  it('reads a whole number by its schema, and the fallback for one the start check refuses', () => {
    expect(wholeNumberFromEnv('HISTORY_KEEP', 100, { HISTORY_KEEP: ' 7 ' })).toBe(7);
    expect(wholeNumberFromEnv('HISTORY_KEEP', 100, {})).toBe(100);
    for (const value of ['0', '2.5', 'many', '-3']) {
      expect(wholeNumberFromEnv('HISTORY_KEEP', 100, { HISTORY_KEEP: value })).toBe(100);
      expect(configProblems({ HISTORY_KEEP: value }).map((p) => p.variable)).toContain('HISTORY_KEEP');
    }
    expect(wholeNumberFromEnv('PIPE_METRICS_INTERVAL_MS', 30_000, { PIPE_METRICS_INTERVAL_MS: '999' })).toBe(30_000);
  });
});
