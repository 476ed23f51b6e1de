import type { QueryClient } from '@tanstack/react-query';
import type { TileDataRequest } from '@/lib/charts/tile-data-request';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { chartSeriesQueryOptions } from './use-chart-series-query';
import { searchQueryOptions } from './use-search-query';

/**
 * Starts a tile's read under the key its own hook uses, so the tile finds its data in the cache
 * (or on its way) when it is drawn. Data still fresh is not read again; a failure is left for the
 * tile, which reads again when it mounts and shows the error itself.
 */
export function prefetchTileData(client: QueryClient, request: TileDataRequest, range: ChartRange): void {
  if (!request) return;
  if (request.kind === 'series') void client.prefetchQuery(chartSeriesQueryOptions(request.query, range));
  else void client.prefetchQuery(searchQueryOptions(request.query, range));
}
