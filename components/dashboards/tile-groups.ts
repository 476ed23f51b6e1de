import type { DraftTile } from './layout';

/**
 * The dashboard's containers and tabs as the observability app draws them (the README's upstream
 * facts): tiles without a container first, then each container in order as a titled section; a
 * container with two or more tabs shows one tab's tiles at a time. Every group has its own grid
 * and its own positions, so tiles of two groups may share (0, 0). Pure, so grouping and the moves
 * confined to a group are testable without a browser.
 */

export interface ContainerTab {
  id: string;
  title: string;
}

/** A container as read from the stored dashboard; whatever else it carries stays in the draft. */
export interface ContainerView {
  id: string;
  title: string;
  collapsed: boolean;
  collapsible: boolean;
  bordered: boolean;
  /** Two or more: a tab bar; fewer: a plain section. */
  tabs: ContainerTab[];
}

/** Where a tile sits: no container, a container, or one tab of it. */
export interface TileGroup {
  containerId?: string;
  tabId?: string;
}

export interface OrphanTile {
  tile: DraftTile;
  /** What the tile points at that the dashboard does not have. */
  reason: string;
}

export interface TileSections {
  /** Tiles outside any container. */
  ungrouped: DraftTile[];
  /** Tiles naming a container or tab the dashboard does not have: shown apart, kept as they are. */
  orphans: OrphanTile[];
  containers: { container: ContainerView; tiles: DraftTile[] }[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The stored `containers` read defensively: whatever shape a newer app gives a container (another
 * type, missing fields), it is drawn as a plain titled section.
 */
export function readContainers(value: unknown): ContainerView[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const containers: ContainerView[] = [];
  for (const raw of value) {
    if (raw === null || typeof raw !== 'object') continue;
    const record = raw as Record<string, unknown>;
    const id = text(record.id);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const tabs = Array.isArray(record.tabs)
      ? (record.tabs as unknown[]).flatMap((tab) => {
          const t = tab as Record<string, unknown> | null;
          const tabId = text(t?.id);
          return tabId ? [{ id: tabId, title: text(t?.title) ?? 'Untitled tab' }] : [];
        })
      : [];
    containers.push({
      id,
      title: text(record.title) ?? 'Untitled section',
      collapsed: record.collapsed === true,
      collapsible: record.collapsible !== false,
      bordered: record.bordered !== false,
      tabs,
    });
  }
  return containers;
}

export const hasTabBar = (container: ContainerView) => container.tabs.length >= 2;

/** Why a tile cannot be placed in its container or tab; undefined when it can. */
function orphanReason(tile: DraftTile, byId: ReadonlyMap<string, ContainerView>): string | undefined {
  const containerId = text(tile.containerId);
  const tabId = text(tile.tabId);
  if (containerId === undefined) return tabId === undefined ? undefined : `tab “${tabId}” without a section`;
  const container = byId.get(containerId);
  if (!container) return `section “${containerId}”, which this dashboard does not have`;
  if (tabId !== undefined && !container.tabs.some((tab) => tab.id === tabId))
    return `tab “${tabId}”, which section “${container.title}” does not have`;
  return undefined;
}

export function sectionTiles(tiles: readonly DraftTile[], containers: readonly ContainerView[]): TileSections {
  const byId = new Map(containers.map((c) => [c.id, c]));
  const sections: TileSections = {
    ungrouped: [],
    orphans: [],
    containers: containers.map((container) => ({ container, tiles: [] })),
  };
  const containerTiles = new Map(sections.containers.map((section) => [section.container.id, section.tiles]));
  for (const tile of tiles) {
    const reason = orphanReason(tile, byId);
    if (reason) sections.orphans.push({ tile, reason });
    else if (tile.containerId === undefined || tile.containerId === '') sections.ungrouped.push(tile);
    else containerTiles.get(tile.containerId)!.push(tile);
  }
  return sections;
}

/**
 * The tab a tile of a tabbed container shows in: its own, or the first tab when it names none
 * (the app counts such a tile as the first tab's).
 */
export function tabOf(tile: DraftTile, container: ContainerView): string | undefined {
  if (!hasTabBar(container)) return undefined;
  return text(tile.tabId) ?? container.tabs[0]!.id;
}

/** A string naming the grid a tile is drawn on: tiles share positions only within one. */
export function gridKeyOf(tile: DraftTile, containers: readonly ContainerView[]): string {
  const byId = new Map(containers.map((c) => [c.id, c]));
  if (orphanReason(tile, byId)) return 'orphans';
  const container = tile.containerId ? byId.get(tile.containerId) : undefined;
  if (!container) return 'ungrouped';
  const tab = tabOf(tile, container);
  return tab === undefined ? `container:${container.id}` : `container:${container.id}/tab:${tab}`;
}

/** The tiles drawn on the same grid as the tile `key` (itself included). */
export function gridMates(tiles: readonly DraftTile[], key: string, containers: readonly ContainerView[]): DraftTile[] {
  const tile = tiles.find((t) => t.key === key);
  if (!tile) return [];
  const gridKey = gridKeyOf(tile, containers);
  return tiles.filter((t) => gridKeyOf(t, containers) === gridKey);
}

/** The tiles of the grid a new tile in `group` joins. */
export function tilesOfGroup(
  tiles: readonly DraftTile[],
  group: TileGroup,
  containers: readonly ContainerView[],
): DraftTile[] {
  const probe = { ...group, key: '\u0000probe' } as DraftTile;
  const gridKey = gridKeyOf(probe, containers);
  return tiles.filter((t) => gridKeyOf(t, containers) === gridKey);
}

/**
 * `changed` (some tiles with new positions) written into `tiles` by key; the very same array when
 * no tile differs, so a gesture that moved nothing is no edit.
 */
export function mergeTiles(tiles: readonly DraftTile[], changed: readonly DraftTile[]): readonly DraftTile[] {
  const byKey = new Map(changed.map((t) => [t.key, t]));
  let different = false;
  const next = tiles.map((tile) => {
    const update = byKey.get(tile.key);
    if (!update || update === tile) return tile;
    different = true;
    return update;
  });
  return different ? next : tiles;
}
