import { safeParse } from 'zod/v4/core';
import { tileSchema, withSeriesWhereLanguage, type Tile } from './dashboard';

/**
 * Which tiles of a save the user edited, and what is wrong with those. A tile sent back as it
 * is stored (moved at most) is upstream's own and is not judged by the editor's rules: the
 * observability app stores shapes the editor never authors (a metric series with an empty
 * `field`, an aggregation of a newer version), and refusing them would refuse the whole save.
 */

export interface TileIssue {
  path: (string | number)[];
  message: string;
}

/** A tile's contents: everything but its place on the grid (a move changes only that). */
function contents(tile: Record<string, unknown>): Record<string, unknown> {
  const { x: _x, y: _y, w: _w, h: _h, ...rest } = tile;
  return rest;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const keysOf = (value: object) =>
    Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  const aKeys = keysOf(a);
  const bKeys = keysOf(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

function storedTilesById(stored: unknown): Map<string, Record<string, unknown>> {
  const tiles = (stored as { tiles?: unknown } | null)?.tiles;
  const byId = new Map<string, Record<string, unknown>>();
  if (!Array.isArray(tiles)) return byId;
  for (const tile of tiles) {
    if (tile && typeof tile === 'object' && typeof (tile as { id?: unknown }).id === 'string')
      byId.set((tile as { id: string }).id, tile as Record<string, unknown>);
  }
  return byId;
}

/** True when the tile is the stored tile of the same id, its place aside. */
export function isUneditedTile(tile: Tile, storedTile: Record<string, unknown> | undefined): boolean {
  if (!storedTile) return false;
  // The save names every series' where language (a stored one without it means lucene, as upstream reads it).
  return sameJson(contents(tile), contents(withSeriesWhereLanguage(storedTile as Tile)));
}

/**
 * The editor's rules applied to the tiles that are new or differ from `stored` (the dashboard as
 * upstream has it, `null` when unknown: then every tile is checked), each issue's path starting
 * at `tiles.<index>`.
 */
export function editedTileIssues(tiles: readonly Tile[], stored: unknown): TileIssue[] {
  const byId = storedTilesById(stored);
  const issues: TileIssue[] = [];
  tiles.forEach((tile, index) => {
    if (tile.id !== undefined && isUneditedTile(tile, byId.get(tile.id))) return;
    const result = safeParse(tileSchema, tile);
    if (result.success) return;
    for (const issue of result.error.issues) {
      issues.push({
        path: ['tiles', index, ...issue.path.filter((p): p is string | number => typeof p !== 'symbol')],
        message: issue.message,
      });
    }
  });
  return issues;
}
