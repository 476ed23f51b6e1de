import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isLiveRange, type ChartRange } from '@/lib/charts/tile-shape';
import type { ChartSeriesRow } from '@/lib/charts/series-row';
import type { ChartQuery, ChartSeriesResponse } from '@/lib/schemas/observability/chart-query';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { isFreshFirstScreenFailure } from './first-screen-failures';
import { chartKeys, type ChartWindowKey } from './keys';

export const CHART_SERIES_PATH = '/api/observability/v2/charts/series';

/**
 * Chart data is asked for at the browser's low priority, as the charts' code is (a script loaded
 * later). A chart needs both to be drawn, and at their default high priority the reads went out
 * first and held the few connections to the server while the code's chunks waited behind them
 * and the page's other reads: a 20-tile dashboard's charts had their data long before their code.
 */
export const CHART_DATA_PRIORITY: RequestPriority = 'low';

/** The rows of one chart and the window they were asked for (which a live range moves). */
export interface ChartSeriesData {
  rows: ChartSeriesRow[];
  startMs: number;
  endMs: number;
}

/** The rows of one chart query over its window. */
export async function getChartSeries(query: ChartQuery, signal?: AbortSignal): Promise<ChartSeriesData> {
  const response = await apiFetch<ChartSeriesResponse>(CHART_SERIES_PATH, {
    method: 'POST',
    body: query,
    signal,
    priority: CHART_DATA_PRIORITY,
  });
  return { rows: Array.isArray(response?.data) ? response.data : [], startMs: query.startTime, endMs: query.endTime };
}

export interface ChartSeriesQueryOptions extends Omit<QueryOptions<ChartSeriesData>, 'enabled'> {
  /** False until the chart has been on screen. */
  enabled: boolean;
  /** False while off screen: a live refresh then pauses. */
  visible: boolean;
}

const NO_QUERY: ChartQuery = { startTime: 0, endTime: 0, granularity: 'auto', series: [] };

/**
 * The key and read of one chart's data, for its hook and for a read started before the chart is
 * drawn (a dashboard's first screen). A live range (ending now, with a refresh period) is keyed
 * by its length, not its times, and re-resolved when each fetch starts; a fixed range is keyed by
 * its times.
 */
export function chartSeriesQueryOptions(query: ChartQuery, range: ChartRange) {
  const live = isLiveRange(range);
  const { startTime, endTime, ...rest } = query;
  const window: ChartWindowKey = live ? { endingNowMs: range.relativeMs! } : { startTime, endTime };
  return queryOptions<ChartSeriesData, ApiRequestError>({
    queryKey: chartKeys.series(rest, window),
    queryFn: ({ signal }) => {
      let body: ChartQuery = { ...rest, startTime, endTime };
      if (live) {
        const end = Math.floor(Date.now() / 1000) * 1000;
        body = { ...body, startTime: end - range.relativeMs!, endTime: end };
      }
      return getChartSeries(body, signal);
    },
  });
}

/**
 * The data of one chart (see chartSeriesQueryOptions for its key). react-query's `refetchInterval`
 * refreshes a live range and never starts a fetch while the previous one is in flight, so slow
 * answers do not stack. The previous data stays on screen while a new range loads.
 */
export function useChartSeriesQuery(
  query: ChartQuery | null,
  range: ChartRange,
  { enabled, visible, ...options }: ChartSeriesQueryOptions,
) {
  return useQuery<ChartSeriesData, ApiRequestError>({
    ...chartSeriesQueryOptions(query ?? NO_QUERY, range),
    // A failed first-screen read is shown, not read again (first-screen-failures.ts).
    enabled: (cached) => enabled && query !== null && !isFreshFirstScreenFailure(cached),
    placeholderData: keepPreviousData,
    refetchInterval: isLiveRange(range) && visible ? range.refreshMs : false,
    refetchIntervalInBackground: false,
    ...options,
  });
}
