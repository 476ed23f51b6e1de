import { describe, expect, it } from 'vitest';
import type { DraftTile } from './layout';
import { moveTileBy } from './layout';
import { gridKeyOf, gridMates, mergeTiles, readContainers, sectionTiles, tabOf, tilesOfGroup } from './tile-groups';

const tile = (key: string, over: Record<string, unknown> = {}): DraftTile =>
  ({ key, name: key, x: 0, y: 0, w: 6, h: 4, series: [{ type: 'markdown', content: key }], ...over }) as DraftTile;

const containers = readContainers([
  { id: 'health', title: 'Health', collapsed: false },
  {
    id: 'deep',
    title: 'Deep dive',
    collapsed: true,
    bordered: false,
    tabs: [
      { id: 'errors', title: 'Errors' },
      { id: 'latency', title: 'Latency' },
    ],
  },
]);

describe('readContainers', () => {
  it('reads the stored containers with the app defaults (collapsible, bordered)', () => {
    expect(containers).toEqual([
      { id: 'health', title: 'Health', collapsed: false, collapsible: true, bordered: true, tabs: [] },
      {
        id: 'deep',
        title: 'Deep dive',
        collapsed: true,
        collapsible: true,
        bordered: false,
        tabs: [
          { id: 'errors', title: 'Errors' },
          { id: 'latency', title: 'Latency' },
        ],
      },
    ]);
  });

  it('draws a container of an unknown type, or missing fields, as a plain section; skips what has no id', () => {
    expect(
      readContainers([
        { id: 'x', type: 'carousel', slides: 3 },
        { title: 'no id' },
        'junk',
        { id: 'x', title: 'duplicate' },
      ]),
    ).toEqual([{ id: 'x', title: 'Untitled section', collapsed: false, collapsible: true, bordered: true, tabs: [] }]);
    expect(readContainers(undefined)).toEqual([]);
  });
});

describe('sectionTiles', () => {
  it('puts each tile in its container, and tiles naming a missing container or tab apart, with the reason', () => {
    const tiles = [
      tile('free'),
      tile('h1', { containerId: 'health' }),
      tile('e1', { containerId: 'deep', tabId: 'errors' }),
      tile('ghost', { containerId: 'gone' }),
      tile('badTab', { containerId: 'health', tabId: 'nope' }),
      tile('tabOnly', { tabId: 'errors' }),
    ];
    const sections = sectionTiles(tiles, containers);
    expect(sections.ungrouped.map((t) => t.key)).toEqual(['free']);
    expect(sections.containers.map((s) => [s.container.id, s.tiles.map((t) => t.key)])).toEqual([
      ['health', ['h1']],
      ['deep', ['e1']],
    ]);
    expect(sections.orphans.map((o) => [o.tile.key, o.reason])).toEqual([
      ['ghost', 'section “gone”, which this dashboard does not have'],
      ['badTab', 'tab “nope”, which section “Health” does not have'],
      ['tabOnly', 'tab “errors” without a section'],
    ]);
  });

  it('shows a tile of a tabbed container that names no tab in the first tab', () => {
    expect(tabOf(tile('t', { containerId: 'deep' }), containers[1]!)).toBe('errors');
    expect(tabOf(tile('t', { containerId: 'health' }), containers[0]!)).toBeUndefined();
  });
});

describe('moves confined to one grid', () => {
  const tiles = [
    tile('free'),
    tile('h1', { containerId: 'health' }),
    tile('h2', { containerId: 'health', x: 6 }),
    tile('e1', { containerId: 'deep', tabId: 'errors' }),
    tile('l1', { containerId: 'deep', tabId: 'latency' }),
  ];

  it('names one grid per group: outside, each container, each tab', () => {
    expect(tiles.map((t) => gridKeyOf(t, containers))).toEqual([
      'ungrouped',
      'container:health',
      'container:health',
      'container:deep/tab:errors',
      'container:deep/tab:latency',
    ]);
    expect(gridMates(tiles, 'h1', containers).map((t) => t.key)).toEqual(['h1', 'h2']);
    expect(tilesOfGroup(tiles, { containerId: 'deep', tabId: 'latency' }, containers).map((t) => t.key)).toEqual([
      'l1',
    ]);
    expect(tilesOfGroup(tiles, {}, containers).map((t) => t.key)).toEqual(['free']);
  });

  it('moves a tile among its grid mates only: tiles of other groups at the same place stay', () => {
    const changedBy = (next: readonly DraftTile[]) => next.filter((t, i) => t !== tiles[i]).map((t) => t.key);
    const next = mergeTiles(tiles, moveTileBy(gridMates(tiles, 'h2', containers), 'h2', 1, 0));
    expect(changedBy(next)).toEqual(['h2']);
    expect(next.find((t) => t.key === 'h2')).toMatchObject({ x: 7, y: 0 });
    // On one flat grid, the four tiles sharing (0, 0) would have been pushed apart by the same move.
    expect(changedBy(moveTileBy(tiles, 'h2', 1, 0)).length).toBeGreaterThan(1);
  });

  it('answers the very same list when nothing changed', () => {
    expect(mergeTiles(tiles, [tiles[1]!])).toBe(tiles);
  });
});
