import { describe, expect, it } from 'vitest';
import { evaluateAlert } from '../oss/alert-state';
import { ChartData, type LogEvent } from '../oss/charts/events';
import type { Alert, OssStore, Tile } from '../state';

const NOW = Date.UTC(2026, 0, 5, 12, 2); // 2 minutes into a 5-minute window
const W = 300_000;
const WINDOW_END = Date.UTC(2026, 0, 5, 12, 0);
const LOG = 'a'.repeat(24);

/** `errors[i]` error events in the i-th window before the latest complete one (0 = latest). */
function store(errors: number[], tile: Partial<Tile> = {}): { store: OssStore; charts: ChartData } {
  const logs: LogEvent[] = errors.flatMap((count, i) =>
    Array.from({ length: count }, (_, k) => ({
      Timestamp: WINDOW_END - (i + 1) * W + k * 1000,
      ServiceName: 's',
      SeverityText: 'error',
      Body: 'x',
    })),
  );
  const errorTile: Tile = {
    id: 't1',
    name: 'Errors',
    x: 0,
    y: 0,
    w: 6,
    h: 4,
    series: [{ type: 'time', sourceId: LOG, aggFn: 'count', where: 'SeverityText:error', groupBy: [] }],
    ...tile,
  };
  const oss: OssStore = {
    teamId: 'team',
    webhooks: [],
    sources: [{ id: LOG, name: 'Logs', kind: 'log' }],
    dashboards: new Map([['d1', { id: 'd1', name: 'D', tags: [], tiles: [errorTile] }]]),
    alerts: new Map(),
  };
  return { store: oss, charts: new ChartData({ startedAt: NOW, fixture: { logs } }) };
}

const alert = (fields: Partial<Alert> = {}): Alert =>
  ({
    id: 'a1',
    source: 'tile',
    dashboardId: 'd1',
    tileId: 't1',
    threshold: 3,
    thresholdType: 'above',
    interval: '5m',
    state: 'OK',
    createdAt: '',
    updatedAt: '',
    ...fields,
  }) as Alert;

describe('alert state, evaluated when read', () => {
  it.each([
    ['ALERT when the latest window breaches', [5], {}, 'ALERT'],
    ['OK when it does not', [2], {}, 'OK'],
    ['INSUFFICIENT_DATA when the latest window has no events', [0, 9], {}, 'INSUFFICIENT_DATA'],
    ['below: ALERT under the threshold', [2], { thresholdType: 'below' }, 'ALERT'],
    ['between: inclusive bounds', [4], { thresholdType: 'between', thresholdMax: 4 }, 'ALERT'],
    ['PENDING until every consecutive window breaches', [5, 1], { numConsecutiveWindows: 2 }, 'PENDING'],
    ['ALERT once they all do', [5, 6], { numConsecutiveWindows: 2 }, 'ALERT'],
    ['DISABLED stays disabled', [9], { state: 'DISABLED' }, 'DISABLED'],
  ] as const)('%s', (_label, errors, fields, state) => {
    const { store: s, charts } = store([...errors]);
    expect(evaluateAlert(s, charts, alert(fields as Partial<Alert>), NOW).state).toBe(state);
  });

  it('reads a config tile (line) the same as a series tile', () => {
    const { store: s, charts } = store([5], {
      series: undefined,
      config: { displayType: 'line', sourceId: LOG, select: [{ aggFn: 'count', where: 'SeverityText:error' }] },
    });
    expect(evaluateAlert(s, charts, alert(), NOW).state).toBe('ALERT');
  });

  it('reports a query that fails as an execution error', () => {
    const { store: s, charts } = store([5], {
      series: [{ type: 'time', sourceId: LOG, aggFn: 'count', where: 'SeverityText:(', groupBy: [] }],
    });
    const result = evaluateAlert(s, charts, alert(), NOW);
    expect(result.executionErrors).toEqual([
      { timestamp: new Date(NOW).toISOString(), type: 'QUERY_ERROR', message: expect.any(String) },
    ]);
  });
});
