import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChartRange } from '@/lib/charts/tile-shape';
import type { SearchQuery, SearchResponse } from '@/lib/schemas/observability/search-query';
import { apiFetch } from '../client';
import { chartKeys, type ChartWindowKey } from './keys';

export const SEARCH_PATH = '/api/observability/v2/search';

export interface SearchData {
  rows: Record<string, unknown>[];
}

/**
 * The latest events of a search tile over the dashboard's range. Like chart data: a live range is
 * keyed by its length and re-resolved at each fetch, refreshed while on screen; the previous rows
 * stay shown while new ones load.
 */
export function useSearchQuery(
  query: Omit<SearchQuery, 'startTime' | 'endTime'> | null,
  range: ChartRange,
  { enabled, visible }: { enabled: boolean; visible: boolean },
) {
  const live = range.relativeMs !== undefined && range.refreshMs !== undefined && range.refreshMs > 0;
  const window: ChartWindowKey = live
    ? { endingNowMs: range.relativeMs! }
    : { startTime: range.startMs, endTime: range.endMs };
  return useQuery({
    queryKey: chartKeys.search(query ?? { sourceId: '' }, window),
    queryFn: async ({ signal }): Promise<SearchData> => {
      const end = live ? Date.now() : range.endMs;
      const start = live ? end - range.relativeMs! : range.startMs;
      const body = { ...query, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString() };
      const response = await apiFetch<SearchResponse>(SEARCH_PATH, { method: 'POST', body, signal });
      return { rows: Array.isArray(response?.data) ? response.data : [] };
    },
    enabled: enabled && query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: live && visible ? range.refreshMs : false,
    refetchIntervalInBackground: false,
  });
}
