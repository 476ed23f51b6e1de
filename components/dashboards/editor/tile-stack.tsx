'use client';

/**
 * The tiles of one group on a narrow frame (a phone): one per row at the frame's full width, in
 * reading order (the stored top-left tile first), each as tall as on the grid, held still. A plain
 * column rather than react-grid-layout: a phone never drags or resizes, so it does not load the
 * grid's code nor lay out twenty draggable, resizable items as the page starts.
 */
import { useMemo } from 'react';
import { DASHBOARD_LIMITS } from '@/lib/schemas/observability/layout-bounds';
import { toStackedLayout } from '../layout';
import { GroupTileCard } from './tile-card';
import type { TileGridProps } from './tile-grid';
import styles from './editor.module.css';

/** A tile of `h` rows is as tall as react-grid-layout makes it: the rows and the margins between them. */
export const stackedHeightPx = (h: number) =>
  h * DASHBOARD_LIMITS.rowHeightPx + Math.max(0, h - 1) * DASHBOARD_LIMITS.marginPx;

export function TileStack({ tiles, ...shared }: Omit<TileGridProps, 'width' | 'stacked' | 'onTilesMoved'>) {
  const ordered = useMemo(() => {
    const byKey = new Map(tiles.map((tile) => [tile.key, tile]));
    return toStackedLayout(tiles).map((item) => ({ tile: byKey.get(item.i)!, h: item.h }));
  }, [tiles]);
  return (
    <div className={styles.stack} data-tile-grid="">
      {ordered.map(({ tile, h }) => (
        <div key={tile.key} className={styles.gridItem} style={{ height: stackedHeightPx(h) }} data-grid-item="">
          <GroupTileCard tile={tile} canMove={false} shared={shared} />
        </div>
      ))}
    </div>
  );
}
