/** The tunable durations: one reader with one rule per variable, the same schema `npm start` checks. */
import { describe, expect, it } from 'vitest';
import { configProblems } from './env-check';
import { DURATION_DEFAULTS, durationFromEnv } from './env-schema';

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
