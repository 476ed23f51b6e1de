'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { prefetchTileData } from '@/lib/api/charts/prefetch-tile-data';
import { scopeChecksFields, type DashboardScope } from '@/lib/charts/dashboard-scope';
import { tileDataRequest } from '@/lib/charts/tile-data-request';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { tileView } from '@/lib/charts/tile-view';
import type { DraftTile } from '../layout';
import type { ContainerView } from '../tile-groups';
import { preloadTileCode } from '../tiles/tile-content';
import { tilesOnFirstScreen } from './first-screen';

export interface FirstScreenReadsInput {
  tiles: readonly DraftTile[];
  containers: readonly ContainerView[];
  range: ChartRange;
  scope: DashboardScope;
  /** Tiles read chart data (the open-source surface). */
  charts: boolean;
  /** Below this frame width tiles stack one per row. */
  stackBelowPx: number;
}

/**
 * As the dashboard opens, the tiles its first screen shows start their reads and load their
 * drawing code at once, beside the grid's own code, instead of each tile starting when the grid
 * has been loaded, placed and has seen it (hundreds of ms later). Each read is the tile's own
 * (same query, same key): the tile finds it done or on its way. Nothing below the fold is read.
 * Once per page: later changes (a new range, a scroll) are the tiles' own to read as they appear.
 * With a dashboard filter, waits for the sources, whose fields decide where the filter applies.
 */
export function useFirstScreenReads(frame: RefObject<HTMLElement | null>, input: FirstScreenReadsInput): void {
  const client = useQueryClient();
  const done = useRef(false);
  const { tiles, containers, range, scope, charts, stackBelowPx } = input;
  const ready = !scopeChecksFields(scope) || scope.sourceFields !== undefined;
  // A layout effect: it runs as the page's first render is committed, before the passive effects
  // in which the page's other reads start, so the code and data of the first screen are asked for first.
  useLayoutEffect(() => {
    const node = frame.current;
    if (done.current || !node || !ready) return;
    done.current = true;
    const rect = node.getBoundingClientRect();
    const onScreen = tilesOnFirstScreen(tiles, containers, {
      top: rect.top,
      width: rect.width,
      viewportHeight: window.innerHeight,
      stacked: rect.width < stackBelowPx,
    });
    for (const tile of onScreen) {
      const view = tileView(tile);
      preloadTileCode(view);
      if (charts) prefetchTileData(client, tileDataRequest(view, range, scope), range);
    }
  }, [frame, ready, tiles, containers, range, scope, charts, stackBelowPx, client]);
}
