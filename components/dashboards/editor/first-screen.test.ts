import { describe, expect, it } from 'vitest';
import type { DraftTile } from '../layout';
import type { ContainerView } from '../tile-groups';
import { tilesOnFirstScreen, type FirstScreenFrame } from './first-screen';

const tile = (key: string, x: number, y: number, w: number, h: number, extra: Partial<DraftTile> = {}): DraftTile => ({
  key,
  name: key,
  x,
  y,
  w,
  h,
  series: [{ type: 'time', sourceId: 'logs', aggFn: 'count', where: '', groupBy: [] }],
  ...extra,
});
const keys = (tiles: readonly DraftTile[]) => tiles.map((t) => t.key).sort();

/** A desktop frame 200 px down a 900 px viewport: rows start at 210 + 42·y px, so rows 0…16 begin on screen. */
const desktop: FirstScreenFrame = { top: 200, width: 1200, viewportHeight: 900, stacked: false };

describe('tilesOnFirstScreen', () => {
  it('lists the grid tiles whose top edge is inside the viewport', () => {
    const tiles = [
      tile('a', 0, 0, 12, 8),
      tile('b', 12, 0, 12, 8),
      tile('c', 0, 8, 24, 8),
      // 210 + 16·42 = 882 < 900: its top shows.
      tile('d', 0, 16, 12, 8),
      // 210 + 17·42 = 924: below the fold.
      tile('e', 12, 17, 12, 8),
    ];
    expect(keys(tilesOnFirstScreen(tiles, [], desktop))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('places a phone’s column in reading order, each tile as tall as its rows', () => {
    const tiles = [tile('right', 12, 0, 12, 6), tile('left', 0, 0, 12, 6), tile('next', 0, 6, 24, 6)];
    const phone: FirstScreenFrame = { top: 300, width: 360, viewportHeight: 844, stacked: true };
    // left at 310, right at 310 + 252 = 562, next at 814: all three start above 844.
    expect(keys(tilesOnFirstScreen(tiles, [], phone))).toEqual(['left', 'next', 'right']);
    // A frame lower down the page: only the first of the column.
    expect(keys(tilesOnFirstScreen(tiles, [], { ...phone, top: 600 }))).toEqual(['left']);
  });

  it('leaves out tiles in sections, which come after the first group', () => {
    const section: ContainerView = {
      id: 'more',
      title: 'More',
      collapsible: true,
      collapsed: false,
      bordered: false,
      tabs: [],
    };
    const tiles = [tile('top', 0, 0, 12, 4), tile('inside', 0, 0, 12, 4, { containerId: 'more' })];
    expect(keys(tilesOnFirstScreen(tiles, [section], desktop))).toEqual(['top']);
  });

  it('lists nothing when the frame starts below the viewport', () => {
    expect(tilesOnFirstScreen([tile('a', 0, 0, 12, 4)], [], { ...desktop, top: 950 })).toEqual([]);
  });
});
