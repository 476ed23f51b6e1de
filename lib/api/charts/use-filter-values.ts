import { useMemo } from 'react';
import type { ChartRange } from '@/lib/charts/tile-shape';
import type { ChartQuery } from '@/lib/schemas/observability/chart-query';
import { useChartSeriesQuery } from './use-chart-series-query';

/** Values offered per drop-down filter: the most frequent ones. */
export const FILTER_VALUES_MAX = 200;

export interface FilterValuesSource {
  sourceId: string;
  expression: string;
  where?: string;
  whereLanguage?: string;
}

/**
 * The values a drop-down filter offers: its field's values over the dashboard's range, most
 * frequent first, counted through the chart API (`count` grouped by the field in one bucket).
 */
export function useFilterValues(filter: FilterValuesSource, range: ChartRange, enabled: boolean) {
  const query = useMemo(
    (): ChartQuery => ({
      startTime: Math.floor(range.startMs),
      endTime: Math.floor(range.endMs),
      granularity: '30d',
      series: [
        {
          sourceId: filter.sourceId,
          aggFn: 'count',
          where: filter.where ?? '',
          whereLanguage: filter.whereLanguage === 'sql' ? 'sql' : 'lucene',
          groupBy: [filter.expression],
        },
      ],
    }),
    [filter.sourceId, filter.expression, filter.where, filter.whereLanguage, range.startMs, range.endMs],
  );
  const result = useChartSeriesQuery(query, { ...range, refreshMs: undefined }, { enabled, visible: false });
  const values = useMemo(() => {
    const counts = new Map<string, number>();
    for (const row of result.data?.rows ?? []) {
      const value = Array.isArray(row.group) ? row.group[0] : undefined;
      if (value === undefined || value === null || value === '') continue;
      const key = String(value);
      counts.set(key, (counts.get(key) ?? 0) + Number(row['series_0.data'] ?? 0));
    }
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, FILTER_VALUES_MAX)
      .map(([value]) => value);
  }, [result.data]);
  return { values, isPending: result.isPending && enabled, error: result.error };
}
