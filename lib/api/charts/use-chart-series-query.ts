import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartRange } from '@/lib/charts/tile-shape';
import type { ChartSeriesRow } from '@/lib/charts/series-row';
import type { ChartQuery, ChartSeriesResponse } from '@/lib/schemas/observability/chart-query';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { chartKeys, type ChartWindowKey } from './keys';

export const CHART_SERIES_PATH = '/api/observability/v2/charts/series';

/** The rows of one chart and the window they were asked for (which a live range moves). */
export interface ChartSeriesData {
  rows: ChartSeriesRow[];
  startMs: number;
  endMs: number;
}

/** The rows of one chart query over its window. */
export async function getChartSeries(query: ChartQuery, signal?: AbortSignal): Promise<ChartSeriesData> {
  const response = await apiFetch<ChartSeriesResponse>(CHART_SERIES_PATH, { method: 'POST', body: query, signal });
  return { rows: Array.isArray(response?.data) ? response.data : [], startMs: query.startTime, endMs: query.endTime };
}

export interface ChartSeriesQueryOptions extends Omit<QueryOptions<ChartSeriesData>, 'enabled'> {
  /** False until the chart has been on screen. */
  enabled: boolean;
  /** False while off screen: a live refresh then pauses. */
  visible: boolean;
}

/**
 * The data of one chart. A live range (ending now, with a refresh period) is keyed by its length,
 * not its times, and re-resolved when each fetch starts; react-query's `refetchInterval` then
 * refreshes it and never starts a fetch while the previous one is in flight, so slow answers do
 * not stack. A fixed range is keyed by its times. The previous data stays on screen while a new
 * range loads.
 */
export function useChartSeriesQuery(
  query: ChartQuery | null,
  range: ChartRange,
  { enabled, visible, ...options }: ChartSeriesQueryOptions,
) {
  const live = range.relativeMs !== undefined && range.refreshMs !== undefined && range.refreshMs > 0;
  const { startTime, endTime, ...rest } = query ?? {
    startTime: 0,
    endTime: 0,
    granularity: 'auto' as const,
    series: [],
  };
  const window: ChartWindowKey = live ? { endingNowMs: range.relativeMs! } : { startTime, endTime };
  return useQuery<ChartSeriesData, ApiRequestError>({
    queryKey: chartKeys.series(rest, window),
    queryFn: ({ signal }) => {
      let body: ChartQuery = { ...rest, startTime, endTime };
      if (live) {
        const end = Math.floor(Date.now() / 1000) * 1000;
        body = { ...body, startTime: end - range.relativeMs!, endTime: end };
      }
      return getChartSeries(body, signal);
    },
    enabled: enabled && query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: live && visible ? range.refreshMs : false,
    refetchIntervalInBackground: false,
    ...options,
  });
}
