/** Reading a budget variable (`10/10s`, `off`), value by value, and which variable and default each upstream has. */
import { describe, expect, it } from 'vitest';
import { budgetFor, parseBudget, REAL_BUDGETS } from './budget';

const fallback = { limit: 7, windowMs: 7_000 };
const parse = (raw: string | undefined) => parseBudget('CLOUD_API_BUDGET', raw, fallback);

describe('parseBudget', () => {
  it('reads each unit, fractions of one, and spaces around the value and the slash', () => {
    expect(parse(' 10 / 10s ')).toEqual({ limit: 10, windowMs: 10_000 });
    expect(parse('1/1h')).toEqual({ limit: 1, windowMs: 3_600_000 });
    expect(parse('2/1.5m')).toEqual({ limit: 2, windowMs: 90_000 });
    expect(parse('3/0.25s')).toEqual({ limit: 3, windowMs: 250 });
    expect(parse('4/20 ms')).toEqual({ limit: 4, windowMs: 20 });
  });

  it('rounds the window to whole milliseconds and accepts one request per one millisecond', () => {
    expect(parse('1/1.6ms')).toEqual({ limit: 1, windowMs: 2 });
    expect(parse('1/0.5ms')).toEqual({ limit: 1, windowMs: 1 });
  });

  it('answers the default for a missing, empty or blank value, and null for off', () => {
    expect(parse(undefined)).toBe(fallback);
    expect(parse('')).toBe(fallback);
    expect(parse('  ')).toBe(fallback);
    expect(parse(' off ')).toBeNull();
  });

  it('refuses, naming the variable and the value, anything else', () => {
    expect(() => parse('10')).toThrow(
      new Error('CLOUD_API_BUDGET must look like "10/10s" (requests per window; units ms, s, m, h) or "off", got "10"'),
    );
    for (const bad of ['0/10s', '1/0.4ms', '1/0s', 'x10/10s', '10/10sx', '10/10d', '-1/10s', '1.5/10s', 'OFF', '10/s'])
      expect(() => parse(bad), bad).toThrow(`got "${bad}"`);
  });
});

describe('budgetFor', () => {
  it('reads each upstream’s own variable, with the real services’ budgets as defaults', () => {
    expect(budgetFor('cloud', {})).toEqual(REAL_BUDGETS.cloud);
    expect(budgetFor('cloud', { CLOUD_API_BUDGET: '5/1s', OBSERVABILITY_API_BUDGET: 'off' })).toEqual({
      limit: 5,
      windowMs: 1_000,
    });
    expect(budgetFor('observability', { OBSERVABILITY_API_BUDGET: 'off' })).toBeNull();
    expect(budgetFor('query', { QUERY_API_BUDGET: '2/1m', CLOUD_API_BUDGET: 'off' })).toEqual({
      limit: 2,
      windowMs: 60_000,
    });
    expect(() => budgetFor('observability', { OBSERVABILITY_API_BUDGET: 'lots' })).toThrow(
      'OBSERVABILITY_API_BUDGET must look like',
    );
  });
});
