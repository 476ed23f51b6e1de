import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { tileSchema } from '@/lib/schemas/observability/dashboard';
import { formValuesToTileContent, tileFormSchema, tileToFormValues, type TileFormValues } from './tile-form';

const SOURCE = '67fde92fda19d1c3635e9934';
const values = (over: Partial<TileFormValues> = {}): TileFormValues => ({
  name: 'Latency',
  type: 'time',
  groupBy: 'ServiceName, SpanName',
  asRatio: false,
  series: [{ sourceId: SOURCE, aggFn: 'p95', field: 'Duration', where: 'level:error' }],
  ...over,
});
const issues = (v: unknown) => {
  const result = safeParse(tileFormSchema, v);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('tile form', () => {
  it('becomes a tile the server schema accepts: a named percentile stored as quantile + level, Lucene where, group-by shared', () => {
    const content = formValuesToTileContent(values({ series: [values().series[0]!, { sourceId: SOURCE, aggFn: 'count', field: 'ignored', where: '' }], asRatio: true }));
    expect(content).toEqual({
      name: 'Latency',
      asRatio: true,
      series: [
        { type: 'time', sourceId: SOURCE, aggFn: 'quantile', level: 0.95, field: 'Duration', where: 'level:error', whereLanguage: 'lucene', groupBy: ['ServiceName', 'SpanName'] },
        { type: 'time', sourceId: SOURCE, aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: ['ServiceName', 'SpanName'] },
      ],
    });
    expect(safeParse(tileSchema, { ...content, x: 0, y: 0, w: 6, h: 4 }).success).toBe(true);
  });

  it('round-trips a stored tile, keeping fields the form does not show', () => {
    const stored = { name: 'p95', asRatio: false, series: [{ type: 'number' as const, sourceId: SOURCE, aggFn: 'quantile' as const, level: 0.95, field: 'Duration', where: '', whereLanguage: 'sql' as const, alias: 'latency' }] };
    const form = tileToFormValues(stored);
    expect(form).toMatchObject({ type: 'number', groupBy: '', series: [{ aggFn: 'p95', level: 0.95 }] });
    expect(formValuesToTileContent(form, stored).series[0]).toEqual({ ...stored.series[0], groupBy: [] });
  });

  it('keeps a quantile at a level the editor does not name, and an aggregation it does not offer', () => {
    const stored = { name: 'odd', asRatio: false, series: [
      { type: 'time' as const, sourceId: SOURCE, aggFn: 'quantile' as const, level: 0.75, field: 'Duration', where: '' },
      { type: 'time' as const, sourceId: SOURCE, aggFn: 'last_value' as const, field: 'Duration', where: '' },
    ] };
    const form = tileToFormValues(stored);
    expect(form.series.map((s) => [s.aggFn, s.level])).toEqual([['quantile', 0.75], ['last_value', undefined]]);
    expect(formValuesToTileContent(form, stored).series.map((s) => [s.aggFn, s.level])).toEqual([['quantile', 0.75], ['last_value', undefined]]);
  });

  it('starts a new tile with one count series on the first source', () => {
    expect(tileToFormValues(null, SOURCE)).toEqual({ name: '', type: 'time', groupBy: '', asRatio: false, series: [{ sourceId: SOURCE, aggFn: 'count', field: '', where: '' }] });
  });

  it.each([
    [values({ name: ' ' }), ['name: Tile name is required']],
    [values({ series: [] }), ['series: A tile needs at least 1 series']],
    [values({ series: Array.from({ length: 6 }, () => values().series[0]!) }), ['series: A tile has at most 5 series']],
    [values({ series: [{ sourceId: '', aggFn: 'count', field: '', where: '' }] }), ['series.0.sourceId: Choose a source']],
    [values({ series: [{ sourceId: SOURCE, aggFn: 'avg', field: ' ', where: '' }] }), ['series.0.field: Field is required for avg']],
    [values({ asRatio: true }), ['asRatio: As ratio needs exactly 2 series']],
  ])('refuses %#', (v, expected) => {
    expect(issues(v)).toEqual(expected);
  });
});
