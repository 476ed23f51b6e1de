import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartRange } from '@/lib/charts/tile-shape';
import type { SearchQuery, SearchResponse } from '@/lib/schemas/observability/search-query';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { chartKeys, type ChartWindowKey } from './keys';

export const SEARCH_PATH = '/api/observability/v2/search';

export interface SearchData {
  rows: Record<string, unknown>[];
}

/** The latest events of a source over a window. */
export async function getSearchRows(query: SearchQuery, signal?: AbortSignal): Promise<SearchData> {
  const response = await apiFetch<SearchResponse>(SEARCH_PATH, { method: 'POST', body: query, signal });
  return { rows: Array.isArray(response?.data) ? response.data : [] };
}

/**
 * The latest events of a search tile over the dashboard's range. Like chart data: a live range is
 * keyed by its length and re-resolved at each fetch, refreshed while on screen; the previous rows
 * stay shown while new ones load.
 */
export function useSearchQuery(
  query: Omit<SearchQuery, 'startTime' | 'endTime'> | null,
  range: ChartRange,
  { enabled, visible, ...options }: { enabled: boolean; visible: boolean } & Omit<QueryOptions<SearchData>, 'enabled'>,
) {
  const live = range.relativeMs !== undefined && range.refreshMs !== undefined && range.refreshMs > 0;
  const window: ChartWindowKey = live
    ? { endingNowMs: range.relativeMs! }
    : { startTime: range.startMs, endTime: range.endMs };
  return useQuery<SearchData, ApiRequestError>({
    queryKey: chartKeys.search(query ?? { sourceId: '' }, window),
    queryFn: ({ signal }) => {
      const end = live ? Date.now() : range.endMs;
      const start = live ? end - range.relativeMs! : range.startMs;
      const body = { ...query!, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString() };
      return getSearchRows(body, signal);
    },
    enabled: enabled && query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: live && visible ? range.refreshMs : false,
    refetchIntervalInBackground: false,
    ...options,
  });
}
