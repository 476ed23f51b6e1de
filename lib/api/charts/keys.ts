import type { ChartQuery } from '@/lib/schemas/observability/chart-query';
import type { SearchQueryWithoutTimes } from '@/lib/schemas/observability/search-query';

/** What identifies a chart's data: the query without its times, and either the fixed times or a window ending now. */
export type ChartWindowKey = { startTime: number; endTime: number } | { endingNowMs: number };

/** Query keys of chart data; every key starts with `chartKeys.all`. */
export const chartKeys = {
  all: ['charts'] as const,
  series: (query: Omit<ChartQuery, 'startTime' | 'endTime'>, window: ChartWindowKey) =>
    [...chartKeys.all, 'series', query, window] as const,
  search: (query: SearchQueryWithoutTimes, window: ChartWindowKey) =>
    [...chartKeys.all, 'search', query, window] as const,
};
