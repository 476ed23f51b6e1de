import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isLiveRange, type ChartRange } from '@/lib/charts/tile-shape';
import type { SearchQuery, SearchQueryWithoutTimes, SearchResponse } from '@/lib/schemas/observability/search-query';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { isFreshFirstScreenFailure } from './first-screen-failures';
import { chartKeys, type ChartWindowKey } from './keys';
import { CHART_DATA_PRIORITY } from './use-chart-series-query';

export const SEARCH_PATH = '/api/observability/v2/search';

export interface SearchData {
  rows: Record<string, unknown>[];
}

/** The latest events of a source over a window. */
export async function getSearchRows(query: SearchQuery, signal?: AbortSignal): Promise<SearchData> {
  const response = await apiFetch<SearchResponse>(SEARCH_PATH, {
    method: 'POST',
    body: query,
    signal,
    priority: CHART_DATA_PRIORITY,
  });
  return { rows: Array.isArray(response?.data) ? response.data : [] };
}

/**
 * The key and read of a search tile's events over the dashboard's range, for its hook and for a
 * read started before the tile is drawn. Like chart data: a live range is keyed by its length and
 * re-resolved at each fetch.
 */
export function searchQueryOptions(query: SearchQueryWithoutTimes, range: ChartRange) {
  const live = isLiveRange(range);
  const window: ChartWindowKey = live
    ? { endingNowMs: range.relativeMs! }
    : { startTime: range.startMs, endTime: range.endMs };
  return queryOptions<SearchData, ApiRequestError>({
    queryKey: chartKeys.search(query, window),
    queryFn: ({ signal }) => {
      const end = live ? Date.now() : range.endMs;
      const start = live ? end - range.relativeMs! : range.startMs;
      const body = { ...query, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString() };
      return getSearchRows(body, signal);
    },
  });
}

/**
 * The latest events of a search tile (see searchQueryOptions), refreshed while on screen when the
 * range is live; the previous rows stay shown while new ones load.
 */
export function useSearchQuery(
  query: SearchQueryWithoutTimes | null,
  range: ChartRange,
  { enabled, visible, ...options }: { enabled: boolean; visible: boolean } & Omit<QueryOptions<SearchData>, 'enabled'>,
) {
  return useQuery<SearchData, ApiRequestError>({
    ...searchQueryOptions(query ?? { sourceId: '' }, range),
    // A failed first-screen read is shown, not read again (first-screen-failures.ts).
    enabled: (cached) => enabled && query !== null && !isFreshFirstScreenFailure(cached),
    placeholderData: keepPreviousData,
    refetchInterval: isLiveRange(range) && visible ? range.refreshMs : false,
    refetchIntervalInBackground: false,
    ...options,
  });
}
