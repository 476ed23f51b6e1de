import { cloneLayout, moveElement, verticalCompactor } from 'react-grid-layout/core';
import type { Layout, LayoutItem } from 'react-grid-layout';
import { DASHBOARD_LIMITS } from '@/lib/schemas/observability/layout-bounds';
import type { Tile } from '@/lib/schemas/observability/dashboard';

/**
 * The only place tiles meet react-grid-layout's shape. Every position that leaves here is
 * clamped to upstream's bounds (integers, x 0..23, w 1..24, x+w ≤ 24, y ≥ 0, h ≥ 1), whatever
 * the grid, the keyboard or an import produced.
 */

/** A tile of the editor's draft: `key` is stable for the session; `id` is the server's, absent on new tiles. */
export type DraftTile = Tile & { key: string };

export interface GridPosition {
  x: number;
  y: number;
  w: number;
  h: number;
}

const { columns, tileHeightMax } = DASHBOARD_LIMITS;
export const GRID_COLUMNS = columns;
export const DEFAULT_TILE_SIZE = { w: 12, h: 6 } as const;

const toInt = (value: number, fallback: number) => (Number.isFinite(value) ? Math.round(value) : fallback);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function clampPosition(position: GridPosition): GridPosition {
  const w = clamp(toInt(position.w, 1), 1, columns);
  const x = clamp(toInt(position.x, 0), 0, columns - w);
  const y = Math.max(0, toInt(position.y, 0));
  const h = clamp(toInt(position.h, 1), 1, tileHeightMax);
  return { x, y, w, h };
}

export function toGridLayout(tiles: readonly DraftTile[]): Layout {
  return tiles.map((tile) => ({
    i: tile.key,
    ...clampPosition(tile),
    minW: 1,
    minH: 1,
    maxW: columns,
    maxH: tileHeightMax,
  }));
}

/**
 * The tiles in reading order (top to bottom, then left to right), each the grid's full width and
 * its own height: what a narrow screen shows. Display only: the tiles' positions are untouched.
 */
export function toStackedLayout(tiles: readonly DraftTile[]): Layout {
  const ordered = [...toGridLayout(tiles)].sort((a, b) => a.y - b.y || a.x - b.x);
  let y = 0;
  return ordered.map((item) => {
    const stacked = { ...item, x: 0, y, w: columns };
    y += item.h;
    return stacked;
  });
}

const samePosition = (a: GridPosition, b: GridPosition) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/** Positions from the grid applied to the tiles; the very same array when nothing moved. */
export function applyGridLayout(tiles: readonly DraftTile[], layout: Layout): readonly DraftTile[] {
  const byKey = new Map(layout.map((item) => [item.i, item]));
  let changed = false;
  const next = tiles.map((tile) => {
    const item = byKey.get(tile.key);
    if (!item) return tile;
    const position = clampPosition(item);
    if (samePosition(position, tile)) return tile;
    changed = true;
    return { ...tile, ...position };
  });
  return changed ? next : tiles;
}

const overlaps = (a: GridPosition, b: GridPosition) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The top-most, then left-most, place where a w×h tile overlaps no other tile. */
export function firstFreeSpace(tiles: readonly GridPosition[], w: number, h: number): { x: number; y: number } {
  const size = clampPosition({ x: 0, y: 0, w, h });
  const bottom = tiles.reduce((max, t) => Math.max(max, t.y + t.h), 0);
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + size.w <= columns; x++) {
      const candidate = { x, y, w: size.w, h: size.h };
      if (!tiles.some((t) => overlaps(candidate, t))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}

function settle(layout: Layout, item: LayoutItem, x: number, y: number): Layout {
  const moved = moveElement(layout, item, x, y, true, false, 'vertical', columns);
  return verticalCompactor.compact(moved, columns);
}

/**
 * Moves a tile as a drag would (others make way, then everything floats up). Rows are packed
 * upward, so one row down can be a no-op: the move goes on row by row until the tile's place
 * really changes, then stops.
 */
export function moveTileBy(tiles: readonly DraftTile[], key: string, dx: number, dy: number): readonly DraftTile[] {
  const base = toGridLayout(tiles);
  const start = base.find((item) => item.i === key);
  if (!start) return tiles;
  const bottom = base.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  const x = clamp(start.x + dx, 0, columns - start.w);
  for (let step = 1; step <= Math.max(1, dy > 0 ? bottom : dy < 0 ? start.y : 1); step++) {
    const layout = cloneLayout(base);
    const item = layout.find((candidate) => candidate.i === key)!;
    const settled = settle(layout, item, x, Math.max(0, start.y + Math.sign(dy) * step));
    const next = applyGridLayout(tiles, settled);
    if (next !== tiles) return next;
    if (dy === 0) break;
  }
  return tiles;
}

/** Grows or shrinks a tile from its bottom-right corner; tiles in the way make room. */
export function resizeTileBy(tiles: readonly DraftTile[], key: string, dw: number, dh: number): readonly DraftTile[] {
  const layout = toGridLayout(tiles);
  const item = layout.find((candidate) => candidate.i === key);
  if (!item) return tiles;
  // Growing stops at the right edge instead of pushing the tile left.
  item.w = clamp(item.w + dw, 1, columns - item.x);
  item.h = clamp(item.h + dh, 1, tileHeightMax);
  return applyGridLayout(tiles, settle(layout, item, item.x, item.y));
}
