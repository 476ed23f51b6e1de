import { describe, expect, it } from 'vitest';
import type { Tile } from './dashboard';
import { editedTileIssues } from './dashboard-edits';

const SOURCE = '67fde92fda19d1c3635e9934';
// Stored by the observability app: a metric quantile with an empty field, no where language, a container.
const appTile = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  name: 'p99',
  x: 0,
  y: 0,
  w: 6,
  h: 4,
  containerId: 'g',
  series: [
    {
      type: 'time',
      sourceId: SOURCE,
      aggFn: 'quantile',
      level: 0.99,
      field: '',
      where: '',
      groupBy: [],
      metricName: 'http.server.duration',
    },
  ],
};
const unnamed = {
  ...appTile,
  id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  name: '',
  series: [{ ...appTile.series[0], aggFn: 'sum', metricName: undefined }],
};
const stored = { id: 'cccccccccccccccccccccccc', name: 'D', tiles: [appTile, unnamed] };
// What a save sends: the where language named.
const sent = (tile: typeof appTile | typeof unnamed, over: Record<string, unknown> = {}) =>
  ({ ...tile, series: tile.series.map((s) => ({ ...s, whereLanguage: 'lucene' })), ...over }) as unknown as Tile;

describe('editedTileIssues', () => {
  it('judges no tile sent back as stored, moved or not', () => {
    expect(editedTileIssues([sent(appTile, { x: 6, y: 3 }), sent(unnamed)], stored)).toEqual([]);
  });

  it('applies the editor rules to a tile whose contents changed, and to a new tile', () => {
    const renamedBlank = sent(unnamed, { asRatio: false });
    const added = {
      name: 'New',
      x: 0,
      y: 9,
      w: 6,
      h: 4,
      series: [{ type: 'time', sourceId: SOURCE, aggFn: 'avg', where: '', whereLanguage: 'lucene', groupBy: [] }],
    } as unknown as Tile;
    expect(editedTileIssues([sent(appTile), renamedBlank, added], stored)).toEqual([
      { path: ['tiles', 1, 'name'], message: 'Tile name is required' },
      { path: ['tiles', 1, 'series', 0, 'field'], message: 'Field is required for sum' },
      { path: ['tiles', 2, 'series', 0, 'field'], message: 'Field is required for avg' },
    ]);
  });

  it('checks every tile when the stored dashboard is unknown', () => {
    expect(editedTileIssues([sent(unnamed)], null).map((i) => i.path.join('.'))).toEqual([
      'tiles.0.name',
      'tiles.0.series.0.field',
    ]);
  });
});
