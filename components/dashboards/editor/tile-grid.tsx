'use client';

/**
 * The tiles of one group on react-grid-layout's 24-column grid (row height 32 px, margins
 * 10 px): dragged by their handle, resized from the corner, or stacked one per row and held still
 * on a narrow frame.
 */
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useCallback, useMemo } from 'react';
import GridLayout, { verticalCompactor, type Layout } from 'react-grid-layout';
import { DASHBOARD_LIMITS } from '@/lib/schemas/observability/layout-bounds';
import { applyGridLayout, GRID_COLUMNS, toGridLayout, toStackedLayout, type DraftTile } from '../layout';
import { GroupTileCard, type TileCardShared } from './tile-card';
import styles from './editor.module.css';

const GRID_CONFIG = {
  cols: GRID_COLUMNS,
  rowHeight: DASHBOARD_LIMITS.rowHeightPx,
  margin: [DASHBOARD_LIMITS.marginPx, DASHBOARD_LIMITS.marginPx] as const,
};
const RESIZE_HANDLES = ['se'] as const;

/** What every grid of the dashboard shares; each gets its own group's tiles. */
export interface GridSharedProps extends TileCardShared {
  /** Called once per finished drag or resize with the new positions of this grid's tiles. */
  onTilesMoved: (tiles: readonly DraftTile[]) => void;
}

export interface TileGridProps extends GridSharedProps {
  /** The tiles of one group (outside any container, or one container or tab). */
  tiles: readonly DraftTile[];
  /** The frame's width in px. */
  width: number;
  /** One tile per row, not movable (a narrow frame). */
  stacked: boolean;
}

export function TileGrid({ width, stacked, tiles, onTilesMoved, ...shared }: TileGridProps) {
  // Moving tiles on a stacked view would move them somewhere the user cannot see.
  const canMove = shared.canEdit && !stacked;
  const layout = useMemo(() => (stacked ? toStackedLayout(tiles) : toGridLayout(tiles)), [tiles, stacked]);
  const dragConfig = useMemo(() => ({ enabled: canMove, handle: '[data-drag-handle]', threshold: 3 }), [canMove]);
  const resizeConfig = useMemo(() => ({ enabled: canMove, handles: RESIZE_HANDLES }), [canMove]);

  // Only a finished gesture is an edit: one undo step and one save per drag, none while moving.
  const commit = useCallback((next: Layout) => onTilesMoved(applyGridLayout(tiles, next)), [tiles, onTilesMoved]);

  return (
    <GridLayout
      width={width}
      layout={layout}
      gridConfig={GRID_CONFIG}
      dragConfig={dragConfig}
      resizeConfig={resizeConfig}
      compactor={verticalCompactor}
      onDragStop={commit}
      onResizeStop={commit}
    >
      {tiles.map((tile) => (
        <div key={tile.key} className={styles.gridItem} data-grid-item="">
          <GroupTileCard tile={tile} canMove={canMove} shared={shared} />
        </div>
      ))}
    </GridLayout>
  );
}
