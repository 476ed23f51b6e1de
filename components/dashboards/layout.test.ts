import { describe, expect, it } from 'vitest';
import {
  applyGridLayout,
  clampPosition,
  firstFreeSpace,
  moveTileBy,
  resizeTileBy,
  toGridLayout,
  toStackedLayout,
  type DraftTile,
} from './layout';

const SOURCE = '67fde92fda19d1c3635e9934';
const tile = (key: string, x: number, y: number, w: number, h: number): DraftTile => ({
  key,
  name: key,
  x,
  y,
  w,
  h,
  series: [{ type: 'time', sourceId: SOURCE, aggFn: 'count', where: '', groupBy: [] }],
});
const positions = (tiles: readonly DraftTile[]) => Object.fromEntries(tiles.map((t) => [t.key, [t.x, t.y, t.w, t.h]]));

describe('clampPosition', () => {
  it.each([
    [
      { x: 0, y: 0, w: 6, h: 4 },
      { x: 0, y: 0, w: 6, h: 4 },
    ],
    [
      { x: -3, y: -1, w: 0, h: 0 },
      { x: 0, y: 0, w: 1, h: 1 },
    ],
    [
      { x: 30, y: 2, w: 6, h: 4 },
      { x: 18, y: 2, w: 6, h: 4 },
    ],
    [
      { x: 20, y: 0, w: 8, h: 2 },
      { x: 16, y: 0, w: 8, h: 2 },
    ],
    [
      { x: 0, y: 0, w: 40, h: 2 },
      { x: 0, y: 0, w: 24, h: 2 },
    ],
    [
      { x: 2.4, y: 1.6, w: 5.5, h: 3.49 },
      { x: 2, y: 2, w: 6, h: 3 },
    ],
    [
      { x: Number.NaN, y: 0, w: Number.POSITIVE_INFINITY, h: 1 },
      { x: 0, y: 0, w: 1, h: 1 },
    ],
    [
      { x: 0, y: 0, w: 1, h: 10_000 },
      { x: 0, y: 0, w: 1, h: 200 },
    ],
  ])('%j → %j', (input, expected) => {
    expect(clampPosition(input)).toEqual(expected);
  });
});

describe('toStackedLayout (narrow screens)', () => {
  it('puts the tiles one per row, full width, in reading order, each keeping its height', () => {
    const tiles = [tile('right', 12, 0, 12, 4), tile('below', 0, 6, 24, 2), tile('left', 0, 0, 12, 6)];
    expect(toStackedLayout(tiles).map(({ i, x, y, w, h }) => [i, x, y, w, h])).toEqual([
      ['left', 0, 0, 24, 6],
      ['right', 0, 6, 24, 4],
      ['below', 0, 10, 24, 2],
    ]);
  });

  it('leaves the tiles themselves where they were', () => {
    const tiles = [tile('a', 6, 3, 6, 2)];
    toStackedLayout(tiles);
    expect(positions(tiles)).toEqual({ a: [6, 3, 6, 2] });
  });
});

describe('grid layout conversion', () => {
  const tiles = [tile('a', 0, 0, 12, 6), tile('b', 12, 0, 12, 6)];

  it('gives react-grid-layout one item per tile, keyed by the draft key', () => {
    expect(toGridLayout(tiles)).toEqual([
      { i: 'a', x: 0, y: 0, w: 12, h: 6, minW: 1, minH: 1, maxW: 24, maxH: 200 },
      { i: 'b', x: 12, y: 0, w: 12, h: 6, minW: 1, minH: 1, maxW: 24, maxH: 200 },
    ]);
  });

  it('returns the same array when the grid reports no change (no undo step, no save)', () => {
    expect(applyGridLayout(tiles, toGridLayout(tiles))).toBe(tiles);
  });

  it('applies moved positions, clamped, and keeps unmoved tiles as they were', () => {
    const next = applyGridLayout(tiles, [
      { i: 'a', x: 0, y: 6, w: 30, h: 2 },
      { i: 'b', x: 12, y: 0, w: 12, h: 6 },
    ]);
    expect(positions(next)).toEqual({ a: [0, 6, 24, 2], b: [12, 0, 12, 6] });
    expect(next[1]).toBe(tiles[1]);
  });
});

describe('firstFreeSpace', () => {
  it('is the top-left corner of an empty dashboard', () => {
    expect(firstFreeSpace([], 12, 6)).toEqual({ x: 0, y: 0 });
  });

  it('fills a gap on the first row before starting a new one', () => {
    expect(firstFreeSpace([tile('a', 0, 0, 12, 6)], 12, 6)).toEqual({ x: 12, y: 0 });
    expect(firstFreeSpace([tile('a', 0, 0, 8, 6), tile('b', 16, 0, 8, 6)], 8, 6)).toEqual({ x: 8, y: 0 });
  });

  it('finds a hole below a short tile', () => {
    expect(firstFreeSpace([tile('a', 0, 0, 12, 2), tile('b', 12, 0, 12, 6)], 12, 4)).toEqual({ x: 0, y: 2 });
  });

  it('goes below everything when the rows are full', () => {
    expect(firstFreeSpace([tile('a', 0, 0, 24, 6), tile('b', 0, 6, 20, 3)], 6, 2)).toEqual({ x: 0, y: 9 });
  });
});

describe('keyboard moves and resizes', () => {
  const tiles = [tile('a', 0, 0, 6, 2), tile('b', 0, 2, 6, 3), tile('c', 6, 0, 6, 2)];

  it('moves right and left by one column, not past the edges', () => {
    expect(positions(moveTileBy(tiles, 'c', 1, 0)).c).toEqual([7, 0, 6, 2]);
    expect(moveTileBy(tiles, 'a', -1, 0)).toBe(tiles);
    const atEdge = [tile('z', 18, 0, 6, 2)];
    expect(moveTileBy(atEdge, 'z', 1, 0)).toBe(atEdge);
  });

  it('moves down past the tile below (a packed row never just floats back)', () => {
    expect(positions(moveTileBy(tiles, 'a', 0, 1))).toEqual({ a: [0, 3, 6, 2], b: [0, 0, 6, 3], c: [6, 0, 6, 2] });
  });

  it('moves up past the tile above, and not above row 0', () => {
    expect(positions(moveTileBy(tiles, 'b', 0, -1))).toEqual({ a: [0, 3, 6, 2], b: [0, 0, 6, 3], c: [6, 0, 6, 2] });
    expect(moveTileBy(tiles, 'a', 0, -1)).toBe(tiles);
  });

  it('resizes from the bottom-right corner; tiles in the way make room', () => {
    expect(positions(resizeTileBy(tiles, 'a', 0, 1))).toEqual({ a: [0, 0, 6, 3], b: [0, 3, 6, 3], c: [6, 0, 6, 2] });
    const wider = resizeTileBy(tiles, 'a', 1, 0);
    expect(wider.find((t) => t.key === 'a')).toMatchObject({ x: 0, w: 7 });
    expect(wider.find((t) => t.key === 'c')!.y).toBeGreaterThanOrEqual(2);
  });

  it('never grows past the right edge or shrinks below 1×1', () => {
    const full = [tile('z', 12, 0, 12, 1)];
    expect(resizeTileBy(full, 'z', 1, 0)).toBe(full);
    expect(resizeTileBy(full, 'z', 0, -1)).toBe(full);
  });

  it('ignores an unknown key', () => {
    expect(moveTileBy(tiles, 'nope', 1, 0)).toBe(tiles);
    expect(resizeTileBy(tiles, 'nope', 1, 0)).toBe(tiles);
  });
});
