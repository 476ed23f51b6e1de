'use client';

import { useCallback, useEffect, useRef } from 'react';
import { narrowQuery } from '@/lib/charts/dashboard-scope';
import { tileView } from '@/lib/charts/tile-view';
import type { Tile } from '@/lib/schemas/observability/dashboard';
import type { UseDashboardScope } from '../filters/use-dashboard-scope';

/** The tile's own filter, or the empty string when it has none. */
function tileWhere(tile: Tile): string {
  const view = tileView(tile);
  const where =
    view.kind === 'chart'
      ? (view.items[0]?.where ?? '')
      : view.kind === 'heatmap' || view.kind === 'search'
        ? view.where
        : '';
  return where.trim();
}

/**
 * Drilling narrows the dashboard's scope: `onDrill` to one value of a field (a click in a chart),
 * `drillToTile` to a tile's own filter, so every tile then shows what this one shows.
 */
export function useTileDrill(scope: UseDashboardScope, announce: (message: string) => void) {
  const { setScope, query: scopeQuery, values: scopeValues } = scope;
  const onDrill = useCallback(
    (field: string, value: string) => setScope({ query: narrowQuery(scopeQuery, field, value), values: scopeValues }),
    [setScope, scopeQuery, scopeValues],
  );

  const drillRef = useRef<(tile: Tile) => void>(() => {});
  useEffect(() => {
    drillRef.current = (tile: Tile) => {
      const where = tileWhere(tile);
      const current = scopeQuery.trim();
      const query = !where || current.includes(where) ? current : current ? `(${current}) AND (${where})` : where;
      setScope({ query, values: scopeValues });
      announce(where ? `Every tile now shows ${where}.` : `${tile.name} has no filter of its own.`);
    };
  });
  const drillToTile = useCallback((tile: Tile) => drillRef.current(tile), []);
  return { onDrill, drillToTile };
}
