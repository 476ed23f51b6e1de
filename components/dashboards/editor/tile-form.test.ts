import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { tileSchema, type Tile } from '@/lib/schemas/observability/dashboard';
import { newTileFormValues, tileFormSchema, tileToFormValues, type TileFormValues } from './tile-form';
import { keptFields, writeTile } from './tile-write';

const SOURCE = '67fde92fda19d1c3635e9934';
const values = (over: Partial<TileFormValues> = {}): TileFormValues => ({
  ...newTileFormValues(SOURCE),
  name: 'Latency',
  groupBy: 'ServiceName, SpanName',
  series: [{ sourceId: SOURCE, aggFn: 'p95', field: 'Duration', where: 'SeverityText:error' }],
  ...over,
});
const issues = (v: unknown) => {
  const result = safeParse(tileFormSchema, v);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const placed = (content: object) => ({ ...content, x: 0, y: 0, w: 6, h: 4 });

describe('tile form → stored tile', () => {
  it('writes a time tile as series: percentiles as quantile + level, lucene wheres, group-by shared', () => {
    const content = writeTile(
      null,
      values({
        series: [values().series[0]!, { sourceId: SOURCE, aggFn: 'count', field: 'ignored', where: '' }],
        asRatio: true,
      }),
    );
    expect(content).toEqual({
      name: 'Latency',
      asRatio: true,
      series: [
        {
          type: 'time',
          sourceId: SOURCE,
          aggFn: 'quantile',
          level: 0.95,
          field: 'Duration',
          where: 'SeverityText:error',
          whereLanguage: 'lucene',
          groupBy: ['ServiceName', 'SpanName'],
        },
        {
          type: 'time',
          sourceId: SOURCE,
          aggFn: 'count',
          where: '',
          whereLanguage: 'lucene',
          groupBy: ['ServiceName', 'SpanName'],
        },
      ],
    });
    expect(safeParse(tileSchema, placed(content)).success).toBe(true);
  });

  it.each([
    [
      'stacked bars',
      { display: 'stacked_bar' as const },
      { series: [expect.objectContaining({ type: 'time', displayType: 'stacked_bar' })] },
    ],
    [
      'a table with its sort',
      { display: 'table' as const, sortOrder: 'asc' as const },
      { series: [expect.objectContaining({ type: 'table', sortOrder: 'asc' })] },
    ],
    [
      'a number in ms',
      { display: 'number' as const, unit: 'ms' as const },
      { series: [expect.objectContaining({ type: 'number', numberFormat: { output: 'time', factor: 0.001 } })] },
    ],
    [
      'a note',
      { display: 'markdown' as const, markdown: '# Hi', series: [] },
      { series: [{ type: 'markdown', content: '# Hi' }] },
    ],
    [
      'an event list',
      { display: 'search' as const, columns: 'Timestamp, Body' },
      {
        series: [
          expect.objectContaining({ type: 'search', fields: ['Timestamp', 'Body'], where: 'SeverityText:error' }),
        ],
      },
    ],
    [
      'a pie (config only)',
      { display: 'pie' as const, limit: '5' },
      {
        config: expect.objectContaining({
          displayType: 'pie',
          groupBy: 'ServiceName, SpanName',
          limit: 5,
          select: [expect.objectContaining({ aggFn: 'quantile', level: 0.95, valueExpression: 'Duration' })],
        }),
      },
    ],
    [
      'a heatmap (config only)',
      { display: 'heatmap' as const, scale: 'linear' as const },
      {
        config: expect.objectContaining({
          displayType: 'heatmap',
          select: [{ valueExpression: 'Duration', heatmapScaleType: 'linear' }],
        }),
      },
    ],
  ])('writes %s', (_label, over, expected) => {
    const content = writeTile(null, values(over));
    expect(content).toMatchObject(expected);
    expect(issues(values(over))).toEqual([]);
    expect(safeParse(tileSchema, placed(content)).success).toBe(true);
  });

  it('round-trips a stored series tile, keeping fields the form does not show and the tile’s other fields', () => {
    const stored = {
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      x: 1,
      y: 2,
      w: 3,
      h: 4,
      containerId: 'g',
      name: 'p95',
      series: [
        {
          type: 'number',
          sourceId: SOURCE,
          aggFn: 'quantile',
          level: 0.95,
          field: 'Duration',
          where: '',
          whereLanguage: 'lucene',
          alias: 'latency',
          seriesHint: 'a field of a newer upstream',
        },
      ],
    } as unknown as Tile;
    const form = tileToFormValues(stored)!;
    expect(form).toMatchObject({ display: 'number', groupBy: '', series: [{ aggFn: 'p95' }] });
    expect(writeTile(stored, form)).toEqual(stored);
    expect(keptFields(stored)).toEqual(['containerId', 'series.alias', 'series.seriesHint']);
  });

  it('round-trips a stored config tile exactly and keeps its other settings', () => {
    const stored = {
      name: 'Errors',
      x: 0,
      y: 0,
      w: 6,
      h: 4,
      config: {
        displayType: 'line',
        sourceId: SOURCE,
        select: [{ aggFn: 'count', where: 'SeverityText:error', whereLanguage: 'lucene', alias: 'errors' }],
        groupBy: 'ServiceName',
        fitYAxisToData: true,
        seriesLimit: 5,
      },
    } as unknown as Tile;
    expect(writeTile(stored, tileToFormValues(stored)!)).toEqual(stored);
    expect(keptFields(stored)).toEqual(['config.fitYAxisToData', 'config.select.alias', 'config.seriesLimit']);
    const changed = writeTile(stored, { ...tileToFormValues(stored)!, display: 'stacked_bar' });
    expect(changed.config).toEqual({
      displayType: 'stacked_bar',
      sourceId: SOURCE,
      select: [{ aggFn: 'count', where: 'SeverityText:error', whereLanguage: 'lucene', alias: 'errors' }],
      groupBy: 'ServiceName',
    });
  });

  it('cannot edit what it cannot read', () => {
    expect(
      tileToFormValues({ name: 'x', config: { displayType: 'line', configType: 'sql' } } as unknown as Tile),
    ).toBeNull();
  });

  it.each([
    [values({ name: ' ' }), ['name: Tile name is required']],
    [values({ series: [] }), ['series: A tile needs at least 1 series']],
    [values({ series: Array.from({ length: 6 }, () => values().series[0]!) }), ['series: A tile has at most 5 series']],
    [
      values({ series: [{ sourceId: '', aggFn: 'count', field: '', where: '' }] }),
      ['series.0.sourceId: Choose a source'],
    ],
    [
      values({ series: [{ sourceId: SOURCE, aggFn: 'avg', field: ' ', where: '' }] }),
      ['series.0.field: Field is required for avg'],
    ],
    [values({ asRatio: true }), ['asRatio: As ratio needs exactly 2 series']],
    [values({ display: 'pie', groupBy: '' }), ['groupBy: Group by is required: each group is a slice or bar']],
    [
      values({ display: 'heatmap', series: [{ sourceId: SOURCE, aggFn: 'count', field: '', where: '' }] }),
      ['series.0.field: The value to spread is required, e.g. Duration'],
    ],
    [
      values({ display: 'markdown', configForm: true, markdown: 'x'.repeat(50_001) }),
      ['markdown: Text must be at most 50,000 characters'],
    ],
  ])('refuses %#', (v, expected) => {
    expect(issues(v)).toEqual(expected);
  });
});
