import { DASHBOARD_LIMITS } from '@/lib/schemas/observability/layout-bounds';
import { toGridLayout, toStackedLayout, type DraftTile } from '../layout';
import { sectionTiles, type ContainerView } from '../tile-groups';

export interface FirstScreenFrame {
  /** The grid frame's top, from the top of the viewport, in px. */
  top: number;
  /** The grid frame's width in px. */
  width: number;
  /** The viewport's height in px. */
  viewportHeight: number;
  /** One tile per row (a narrow frame). */
  stacked: boolean;
}

const ROW_PX = DASHBOARD_LIMITS.rowHeightPx + DASHBOARD_LIMITS.marginPx;

/**
 * The tiles whose top edge is inside the viewport as the page opens: the first group's tiles
 * (those outside any section, drawn first), placed as the grid or the phone's column places them
 * (a tile of row `y` starts one margin plus `y` rows down the frame). The grid's compaction only
 * moves tiles up, so a tile listed here is on screen; one it pulls up from below is not listed and
 * reads its data itself when seen.
 */
export function tilesOnFirstScreen(
  tiles: readonly DraftTile[],
  containers: readonly ContainerView[],
  frame: FirstScreenFrame,
): DraftTile[] {
  const first = sectionTiles(tiles, containers).ungrouped;
  const byKey = new Map(first.map((tile) => [tile.key, tile]));
  const layout = frame.stacked ? toStackedLayout(first) : toGridLayout(first);
  return layout
    .filter((item) => frame.top + DASHBOARD_LIMITS.marginPx + item.y * ROW_PX < frame.viewportHeight)
    .map((item) => byKey.get(item.i)!);
}
