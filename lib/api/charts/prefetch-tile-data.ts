import type { QueryClient } from '@tanstack/react-query';
import type { TileDataRequest } from '@/lib/charts/tile-data-request';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { rememberFirstScreenFailure } from './first-screen-failures';
import { chartSeriesQueryOptions } from './use-chart-series-query';
import { searchQueryOptions } from './use-search-query';

/**
 * Starts a tile's read under the key its own hook uses, so the tile finds its data in the cache
 * (or on its way) when it is drawn. Data still fresh is not read again; a failure is the tile's
 * answer, shown with its Retry (first-screen-failures.ts), not read a second time.
 */
export function prefetchTileData(client: QueryClient, request: TileDataRequest, range: ChartRange): void {
  if (!request) return;
  if (request.kind === 'series') {
    const options = chartSeriesQueryOptions(request.query, range);
    client.fetchQuery(options).catch(() => rememberFirstScreenFailure(client, options.queryKey));
  } else {
    const options = searchQueryOptions(request.query, range);
    client.fetchQuery(options).catch(() => rememberFirstScreenFailure(client, options.queryKey));
  }
}
