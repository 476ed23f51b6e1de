import { scopedWhere, type DashboardScope, type ScopedWhere } from './dashboard-scope';
import type { TileView } from './tile-view';
import type { SearchQueryWithoutTimes } from '@/lib/schemas/observability/search-query';

export type SearchView = Extract<TileView, { kind: 'search' }>;

/** Events listed per tile; the API answers at most 2000. */
export const SEARCH_TILE_ROWS = 200;

export interface SearchTileQuery {
  /** The search without its times (the range gives them at each fetch); null when the tile has no source. */
  query: SearchQueryWithoutTimes | null;
  scoped: ScopedWhere;
}

/** A search tile's query: the latest events of its source, its columns, with the dashboard's scope applied. */
export function searchTileQuery(view: SearchView, scope: DashboardScope): SearchTileQuery {
  const scoped = scopedWhere(view.where, view.whereLanguage, view.sourceId, scope);
  if (!view.sourceId) return { query: null, scoped };
  return {
    query: {
      sourceId: view.sourceId,
      where: scoped.where,
      whereLanguage: view.whereLanguage === 'sql' ? 'sql' : 'lucene',
      select: view.columns.join(', '),
      maxResults: SEARCH_TILE_ROWS,
    },
    scoped,
  };
}
