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
 *
 * Each tile's read and code start in a task of their own, right after the commit: a `fetch()` and
 * a chunk's script element cost a few milliseconds each, and three to eleven tiles' worth inside
 * the page's first commit made it one of the longest tasks of a phone's load (observed in
 * Lighthouse's traces: 22–31 ms of a 46–69 ms commit, four times that in its simulation).
 */
export function useFirstScreenReads(frame: RefObject<HTMLElement | null>, input: FirstScreenReadsInput): void {
  const client = useQueryClient();
  const done = useRef(false);
  const { tiles, containers, range, scope, charts, stackBelowPx } = input;
  const ready = !scopeChecksFields(scope) || scope.sourceFields !== undefined;
  // A layout effect: the frame is measured as the page's first render is committed, and the tiles'
  // tasks are queued then, before the page's first paint (chart data and code go at the browser's
  // low priority, so the page's own reads are not held behind them).
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
      setTimeout(() => {
        preloadTileCode(view);
        if (charts) prefetchTileData(client, tileDataRequest(view, range, scope), range);
      }, 0);
    }
  }, [frame, ready, tiles, containers, range, scope, charts, stackBelowPx, client]);
}
