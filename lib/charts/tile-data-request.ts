import { buildChartQuery } from './build-chart-query';
import type { DashboardScope } from './dashboard-scope';
import { heatmapQuery } from './heatmap-query';
import { searchTileQuery } from './search-tile-query';
import type { ChartRange } from './tile-shape';
import type { TileView } from './tile-view';
import type { ChartQuery } from '@/lib/schemas/observability/chart-query';
import type { SearchQueryWithoutTimes } from '@/lib/schemas/observability/search-query';

/** What a tile reads to draw itself: one chart-series query or one search; null when it reads nothing. */
export type TileDataRequest =
  { kind: 'series'; query: ChartQuery } | { kind: 'search'; query: SearchQueryWithoutTimes } | null;

/**
 * The read a tile makes over `range` within `scope`: the same query its own component builds, so
 * that a read started before the tile is drawn (the dashboard's first screen) is the one it uses.
 */
export function tileDataRequest(view: TileView, range: ChartRange, scope: DashboardScope): TileDataRequest {
  switch (view.kind) {
    case 'chart': {
      const built = buildChartQuery(view, range, scope);
      return built.ok ? { kind: 'series', query: built.query } : null;
    }
    case 'heatmap': {
      const { query } = heatmapQuery(view, range, scope);
      return query ? { kind: 'series', query } : null;
    }
    case 'search': {
      const { query } = searchTileQuery(view, scope);
      return query ? { kind: 'search', query } : null;
    }
    default:
      return null;
  }
}
