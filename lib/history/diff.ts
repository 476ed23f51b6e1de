/**
 * What differs between two versions of an object, as the Compare view and the one-line summary
 * read it: fields by dotted path, and a dashboard's tiles by id (added, removed, moved, edited).
 */

export interface FieldChange {
  /** Dotted path: `name`, `scaling.replicas`, `settings.engine_max_threads`. */
  path: string;
  before: unknown;
  after: unknown;
}

export type TileChangeKind = 'added' | 'removed' | 'moved' | 'edited';

export interface TileChange {
  change: TileChangeKind;
  id: string;
  name: string;
  /** Set on an edited tile that also moved or changed size. */
  moved?: boolean;
  /** Paths inside the tile, for an edited tile. */
  fields: FieldChange[];
}

export interface Comparison {
  fields: FieldChange[];
  tiles: TileChange[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Deep equality of JSON values, key order aside (cheaper than comparing canonical texts at every level). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const aKeys = Object.keys(a).filter((key) => a[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => b[key] !== undefined);
  return aKeys.length === bKeys.length && aKeys.every((key) => same(a[key], b[key]));
}

/** Leaf changes: objects are walked, lists and values compared whole. */
export function fieldChanges(
  before: unknown,
  after: unknown,
  prefix = '',
  skip: ReadonlySet<string> = new Set(),
): FieldChange[] {
  if (same(before, after)) return [];
  if (!isObject(before) || !isObject(after)) return [{ path: prefix || '(whole object)', before, after }];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !skip.has(key)).sort();
  return keys.flatMap((key) => fieldChanges(before[key], after[key], prefix ? `${prefix}.${key}` : key));
}

const POSITION = new Set(['x', 'y', 'w', 'h']);

function tilesOf(object: unknown): Json[] {
  const tiles = isObject(object) ? object.tiles : undefined;
  return Array.isArray(tiles) ? tiles.filter(isObject) : [];
}

const tileKey = (tile: Json, index: number) => (typeof tile.id === 'string' ? tile.id : `#${index}`);
const tileName = (tile: Json) => (typeof tile.name === 'string' && tile.name ? tile.name : 'Untitled tile');

function tileChanges(before: unknown, after: unknown): TileChange[] {
  const old = new Map(tilesOf(before).map((tile, index) => [tileKey(tile, index), tile]));
  const changes: TileChange[] = [];
  const seen = new Set<string>();
  tilesOf(after).forEach((tile, index) => {
    const id = tileKey(tile, index);
    seen.add(id);
    const previous = old.get(id);
    if (!previous) {
      changes.push({ change: 'added', id, name: tileName(tile), fields: [] });
      return;
    }
    const moved = [...POSITION].some((key) => !same(previous[key], tile[key]));
    const fields = fieldChanges(previous, tile, '', POSITION);
    if (fields.length > 0) changes.push({ change: 'edited', id, name: tileName(tile), moved, fields });
    else if (moved)
      changes.push({
        change: 'moved',
        id,
        name: tileName(tile),
        fields: fieldChanges(previous, tile).filter((f) => POSITION.has(f.path)),
      });
  });
  for (const [id, tile] of old)
    if (!seen.has(id)) changes.push({ change: 'removed', id, name: tileName(tile), fields: [] });
  return changes;
}

/** Compares two versions; `before` null means the object is new. */
export function compareObjects(before: unknown, after: unknown): Comparison {
  const hasTiles = tilesOf(before).length > 0 || tilesOf(after).length > 0;
  return {
    fields: fieldChanges(before ?? {}, after ?? {}, '', hasTiles ? new Set(['tiles']) : new Set()),
    tiles: hasTiles ? tileChanges(before, after) : [],
  };
}

const shownJson = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value, null, 2));

/** The changed parts as a JSON diff: each changed path with its old and new value. */
export function jsonDiffText(comparison: Comparison): string {
  const lines: string[] = [];
  const field = (path: string, change: FieldChange) => {
    lines.push(`@@ ${path}`);
    if (change.before !== undefined)
      lines.push(
        ...shownJson(change.before)
          .split('\n')
          .map((line) => `- ${line}`),
      );
    if (change.after !== undefined)
      lines.push(
        ...shownJson(change.after)
          .split('\n')
          .map((line) => `+ ${line}`),
      );
  };
  for (const change of comparison.fields) field(change.path, change);
  for (const tile of comparison.tiles) {
    if (tile.change === 'added' || tile.change === 'removed')
      lines.push(`@@ tiles[${tile.id}] ${tile.change} '${tile.name}'`);
    else for (const change of tile.fields) field(`tiles[${tile.id}].${change.path}`, change);
  }
  return lines.join('\n');
}
