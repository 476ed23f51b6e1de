/** The one-line summaries and the compare view's changes: what a person reads in History and the audit log. */
import { describe, expect, it } from 'vitest';
import { compareObjects, jsonDiffText } from './diff';
import { summarizeChange } from './summary';

const tile = (id: string, name: string, x = 0, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  x,
  y: 0,
  w: 4,
  h: 3,
  series: [{ type: 'time', aggFn: 'count' }],
  ...extra,
});
const dashboard = (tiles: unknown[], name = 'API') => ({ id: 'd1', name, tags: [], tiles });

describe('summarizeChange', () => {
  it('tells a dashboard change in a person’s words: tiles first, the rename last', () => {
    const before = dashboard([
      tile('a', 'Latency'),
      tile('b', 'Errors', 4),
      tile('c', 'Hosts', 8),
      tile('d', 'Disk', 0),
    ]);
    const after = dashboard(
      [
        tile('a', 'Latency', 2),
        tile('b', 'Errors', 6),
        tile('c', 'Hosts', 10),
        tile('d', 'Disk'),
        tile('e', 'Errors by host'),
      ],
      'API latency',
    );
    expect(summarizeChange(before, after)).toBe("added tile 'Errors by host'; moved 3 tiles; renamed to 'API latency'");
  });

  it('names removed and edited tiles, and changed dashboard fields by their labels', () => {
    const before = { ...dashboard([tile('a', 'Latency'), tile('b', 'Errors')]), savedQuery: 'level:error' };
    const after = {
      ...dashboard([tile('a', 'Latency', 0, { series: [{ type: 'time', aggFn: 'avg' }] })]),
      savedQuery: 'level:warn',
    };
    expect(summarizeChange(before, after)).toBe("removed tile 'Errors'; edited tile 'Latency'; changed default filter");
  });

  it('quotes safe values of alerts and pipes, and says started or stopped', () => {
    expect(
      summarizeChange({ name: 'High', threshold: 5, interval: '5m' }, { name: 'High', threshold: 10, interval: '5m' }),
    ).toBe('threshold 5 → 10');
    expect(
      summarizeChange(
        { name: 'p', scaling: { replicas: 1 }, runState: 'running' },
        { name: 'p', scaling: { replicas: 2 }, runState: 'stopped' },
      ),
    ).toBe('stopped; replicas 1 → 2');
    expect(summarizeChange({ state: 'enabled', roles: ['admin'] }, { state: 'disabled', roles: ['developer'] })).toBe(
      'roles admin → developer; disabled',
    );
  });

  it('folds many settings into one phrase, and says so when nothing changed or the object is new', () => {
    const settings = (n: number) => ({
      settings: { engine_max_threads: n, engine_max_insert_threads: n, streaming_max_insert_wait_ms: n * 1000 },
    });
    expect(summarizeChange(settings(1), settings(2))).toBe('changed 3 settings');
    expect(summarizeChange({ a: 1 }, { a: 1 })).toBe('no changes');
    expect(summarizeChange(null, { a: 1 })).toBe('created');
  });
});

describe('compareObjects', () => {
  it('lists field changes by path and tile changes by id, with before and after', () => {
    const before = dashboard([tile('a', 'Latency'), tile('b', 'Errors')]);
    const after = dashboard([tile('a', 'P99 latency', 3), tile('c', 'New')], 'Renamed');
    const comparison = compareObjects(before, after);
    expect(comparison.fields).toEqual([{ path: 'name', before: 'API', after: 'Renamed' }]);
    expect(comparison.tiles).toEqual([
      {
        change: 'edited',
        id: 'a',
        name: 'P99 latency',
        moved: true,
        fields: [{ path: 'name', before: 'Latency', after: 'P99 latency' }],
      },
      { change: 'added', id: 'c', name: 'New', fields: [] },
      { change: 'removed', id: 'b', name: 'Errors', fields: [] },
    ]);
    const text = jsonDiffText(comparison);
    expect(text).toContain('@@ name\n- "API"\n+ "Renamed"');
    expect(text).toContain("@@ tiles[c] added 'New'");
  });

  it('walks nested objects to the changed leaf', () => {
    expect(
      compareObjects(
        { scaling: { replicas: 1, replicaCpuMillicores: 500 } },
        { scaling: { replicas: 1, replicaCpuMillicores: 1000 } },
      ).fields,
    ).toEqual([{ path: 'scaling.replicaCpuMillicores', before: 500, after: 1000 }]);
  });
});
