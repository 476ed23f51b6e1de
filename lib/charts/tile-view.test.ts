import { describe, expect, it } from 'vitest';
import { canAlertOn, splitList, tileView } from './tile-view';

const SRC = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const tile = (fields: Record<string, unknown>) => ({ name: 'T', ...fields });

describe('tileView: both tile forms read as one shape', () => {
  it('reads a series time tile, a stacked-bar one and a table with its sort', () => {
    const series = {
      type: 'time',
      sourceId: SRC,
      aggFn: 'count',
      where: 'SeverityText:error',
      whereLanguage: 'lucene',
      groupBy: ['ServiceName'],
      numberFormat: { output: 'number' },
    };
    expect(tileView(tile({ series: [series] }))).toEqual({
      kind: 'chart',
      display: 'line',
      asRatio: false,
      groupBy: ['ServiceName'],
      numberFormat: { output: 'number' },
      items: [
        {
          sourceId: SRC,
          aggFn: 'count',
          field: undefined,
          level: undefined,
          where: 'SeverityText:error',
          whereLanguage: 'lucene',
          alias: undefined,
          numberFormat: { output: 'number' },
        },
      ],
    });
    expect(tileView(tile({ series: [{ ...series, displayType: 'stacked_bar' }] }))).toMatchObject({
      display: 'stacked_bar',
    });
    expect(tileView(tile({ series: [{ ...series, type: 'table', sortOrder: 'asc' }] }))).toMatchObject({
      display: 'table',
      sortOrder: 'asc',
    });
  });

  it('reads the config form the newest upstream answers for the same tiles', () => {
    const config = {
      displayType: 'line',
      sourceId: SRC,
      select: [{ aggFn: 'quantile', level: 0.95, valueExpression: 'Duration', where: '', whereLanguage: 'lucene' }],
      groupBy: 'ServiceName, host',
      asRatio: false,
    };
    expect(tileView(tile({ config }))).toMatchObject({
      kind: 'chart',
      display: 'line',
      groupBy: ['ServiceName', 'host'],
      items: [{ sourceId: SRC, aggFn: 'quantile', level: 0.95, field: 'Duration' }],
    });
    expect(
      tileView(
        tile({
          config: {
            displayType: 'pie',
            sourceId: SRC,
            select: [{ aggFn: 'count' }],
            groupBy: 'SeverityText',
            limit: 5,
          },
        }),
      ),
    ).toMatchObject({ display: 'pie', limit: 5, groupBy: ['SeverityText'] });
    expect(
      tileView(
        tile({
          config: { displayType: 'table', sourceId: SRC, select: [{ aggFn: 'count' }], orderBy: 'series_0 DESC' },
        }),
      ),
    ).toMatchObject({ display: 'table', sortOrder: 'desc' });
    expect(
      tileView(
        tile({
          config: {
            displayType: 'heatmap',
            sourceId: SRC,
            select: [{ valueExpression: 'Duration', heatmapScaleType: 'linear' }],
          },
        }),
      ),
    ).toEqual({
      kind: 'heatmap',
      sourceId: SRC,
      valueExpression: 'Duration',
      where: '',
      whereLanguage: undefined,
      scale: 'linear',
      numberFormat: undefined,
    });
    expect(
      tileView(tile({ config: { displayType: 'search', sourceId: SRC, select: 'Timestamp, Body', where: 'x' } })),
    ).toMatchObject({ kind: 'search', columns: ['Timestamp', 'Body'], where: 'x' });
    expect(tileView(tile({ config: { displayType: 'markdown', markdown: '# Hi' } }))).toEqual({
      kind: 'markdown',
      content: '# Hi',
    });
    expect(tileView(tile({ series: [{ type: 'markdown', content: '# Hi' }] }))).toEqual({
      kind: 'markdown',
      content: '# Hi',
    });
  });

  it.each([
    ['raw SQL', { config: { displayType: 'line', configType: 'sql', sqlTemplate: 'SELECT 1' } }, 'A SQL query tile'],
    ['event patterns', { config: { displayType: 'event_patterns', sourceId: SRC } }, 'An event patterns tile'],
    [
      'formulas',
      {
        config: { displayType: 'line', sourceId: SRC, select: [{ aggFn: 'count' }], formulas: [{ expression: 'A*2' }] },
      },
      'A formula tile',
    ],
    ['an unknown display type', { config: { displayType: 'gauge' } }, 'A “gauge” tile'],
    ['an unknown series type', { series: [{ type: 'sankey' }] }, 'A “sankey” tile'],
    [
      'a metric series (as the app writes it: quantile, empty field)',
      {
        series: [
          {
            type: 'time',
            sourceId: SRC,
            aggFn: 'quantile',
            level: 0.99,
            field: '',
            metricName: 'http.server.duration',
            metricDataType: 'histogram',
            where: '',
          },
        ],
      },
      'A metrics tile',
    ],
    [
      'a metric select item',
      {
        config: {
          displayType: 'number',
          sourceId: SRC,
          select: [{ aggFn: 'sum', metricName: 'requests', metricType: 'sum' }],
        },
      },
      'A metrics tile',
    ],
  ])('names what it cannot draw: %s', (_label, fields, what) => {
    expect(tileView(tile(fields))).toMatchObject({ kind: 'unsupported', what });
  });

  it('alerts only on line, stacked bar and number tiles', () => {
    expect(canAlertOn(tileView(tile({ series: [{ type: 'time', sourceId: SRC, aggFn: 'count', where: '' }] })))).toBe(
      true,
    );
    expect(canAlertOn(tileView(tile({ series: [{ type: 'table', sourceId: SRC, aggFn: 'count', where: '' }] })))).toBe(
      false,
    );
    expect(splitList(' a, ,b ')).toEqual(['a', 'b']);
  });
});
