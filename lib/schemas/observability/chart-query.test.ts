import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { chartQuerySchema } from './chart-query';

const SOURCE = '65f0c0ffee0123456789abcd';
const series = (overrides: Record<string, unknown> = {}) => ({
  sourceId: SOURCE,
  aggFn: 'count',
  where: '',
  groupBy: [],
  ...overrides,
});
const query = (overrides: Record<string, unknown> = {}) => ({
  startTime: 1_000,
  endTime: 2_000,
  granularity: 'auto',
  series: [series()],
  ...overrides,
});

function issues(input: unknown): { path: string; message: string }[] {
  const parsed = safeParse(chartQuerySchema, input);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('chartQuerySchema', () => {
  it('accepts a minimal query and every granularity', () => {
    for (const granularity of ['auto', '30s', '1h', '30d']) expect(issues(query({ granularity }))).toEqual([]);
    expect(
      issues(
        query({
          series: [
            series({ aggFn: 'quantile', field: 'Duration', level: 0.95 }),
            series({ aggFn: 'last_value', field: 'Duration', whereLanguage: 'sql' }),
          ],
        }),
      ),
    ).toEqual([]);
  });

  it.each([
    ['endTime not after startTime', query({ endTime: 1_000 }), 'endTime', 'endTime must be after startTime'],
    [
      'startTime as a string',
      query({ startTime: '1000' }),
      'startTime',
      'startTime must be a number of epoch milliseconds',
    ],
    ['unknown granularity', query({ granularity: '2m' }), 'granularity', 'granularity must be one of'],
    ['no series', query({ series: [] }), 'series', 'At least 1 series'],
    ['six series', query({ series: Array.from({ length: 6 }, () => series()) }), 'series', 'At most 5 series'],
    [
      'a bad source id',
      query({ series: [series({ sourceId: 'logs' })] }),
      'series.0.sourceId',
      'Must be a 24-character hexadecimal id',
    ],
    ['an unknown aggFn', query({ series: [series({ aggFn: 'median' })] }), 'series.0.aggFn', 'aggFn must be one of'],
    [
      'a percentile by name (upstream knows only quantile + level)',
      query({ series: [series({ aggFn: 'p95', field: 'Duration' })] }),
      'series.0.aggFn',
      'aggFn must be one of',
    ],
    [
      'an unknown where language',
      query({ series: [series({ whereLanguage: 'kql' })] }),
      'series.0.whereLanguage',
      'whereLanguage must be one of lucene, sql',
    ],
    ['sum without field', query({ series: [series({ aggFn: 'sum' })] }), 'series.0.field', 'field is required for sum'],
    [
      'quantile without level',
      query({ series: [series({ aggFn: 'quantile', field: 'Duration' })] }),
      'series.0.level',
      'level is required for quantile',
    ],
    [
      'level above 1',
      query({ series: [series({ aggFn: 'quantile', field: 'd', level: 1.5 })] }),
      'series.0.level',
      'level must be from 0 to 1',
    ],
    [
      'where missing',
      query({ series: [{ sourceId: SOURCE, aggFn: 'count', groupBy: [] }] }),
      'series.0.where',
      'where is required',
    ],
    [
      'different groupBy',
      query({ series: [series({ groupBy: ['ServiceName'] }), series({ groupBy: [] })] }),
      'series.1.groupBy',
      'Every series must have the same groupBy',
    ],
  ])('refuses %s, naming the field', (_name, input, path, message) => {
    const found = issues(input);
    expect(found.map((i) => i.path)).toContain(path);
    expect(found.find((i) => i.path === path)?.message).toContain(message);
  });
});
