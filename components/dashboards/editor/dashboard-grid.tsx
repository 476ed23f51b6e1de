'use client';

import { memo } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { loadedLater } from '@/components/ui/loaded-later';
import { TileGridLater } from './tile-grid-later';
import { useFirstScreenReads } from './use-first-screen-reads';
import type { TileSectionsProps } from './tile-sections';
import { useGridWidth } from './use-grid-width';
import styles from './editor.module.css';

/** Below this width a 24-column tile is a sliver: tiles stack in one column and hold still. */
export const STACK_BELOW_PX = 640;

export type DashboardGridProps = Omit<TileSectionsProps, 'width' | 'stacked'>;

// The grid and the tiles' code (react-grid-layout, the tile kinds) are not part of the page's
// first load: they come in a chunk of their own, requested as soon as this module runs in the
// browser, so they arrive while the page hydrates and are evaluated in a task of their own.
const TileSections = loadedLater(
  () => import('./tile-sections').then((m) => m.TileSections),
  <Skeleton height={240} />,
);
if (typeof window !== 'undefined') {
  void TileSections.preload().catch(() => {}); // a failed load is tried again on render
  // The draggable grid's code only where the frame may be wide enough for it: a phone stacks its tiles.
  if (window.innerWidth >= STACK_BELOW_PX) void TileGridLater.preload().catch(() => {});
}

/**
 * The dashboard's tiles in their sections, placed once the frame is measured: the grids position
 * them in pixels.
 * Equal props skip rendering: the editor re-renders as its alerts and sources arrive, and the
 * grid would re-render every tile's frame with it.
 */
export const DashboardGrid = memo(function DashboardGrid(props: DashboardGridProps) {
  const { width, containerRef } = useGridWidth<HTMLDivElement>();
  useFirstScreenReads(containerRef, { ...props, stackBelowPx: STACK_BELOW_PX });
  return (
    <div ref={containerRef} className={styles.gridFrame}>
      {/* Shown by a container query, so it is in the page's first paint, before the grid is measured. */}
      {props.canEdit && (
        <p className={styles.stackedNote}>
          Tiles are shown one per row on a narrow screen; widen the window to move or resize them.
        </p>
      )}
      {width !== null && <TileSections {...props} width={width} stacked={width < STACK_BELOW_PX} />}
    </div>
  );
});
