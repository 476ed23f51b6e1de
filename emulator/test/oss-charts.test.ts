import { describe, expect, it } from 'vitest';
import { autoGranularity, granularityMs, GRANULARITIES } from '../oss/charts/engine';
import type { LogEvent, TraceEvent } from '../oss/charts/events';
import { emulatorForFile } from './harness';

const T0 = Date.UTC(2026, 0, 5); // a Monday midnight, aligned to every granularity up to 1d
const S = 1000;
const M = 60_000;
const log = (
  sec: number,
  service: string,
  level: string,
  body: string,
  host: string,
  status: number,
  durationMs: number,
): LogEvent => ({
  Timestamp: T0 + sec * S,
  ServiceName: service,
  SeverityText: level,
  Body: body,
  ResourceAttributes: { 'host.name': host },
  LogAttributes: { 'http.status_code': status, duration_ms: durationMs },
});
// Listed out of order on purpose: the store sorts by time.
const LOGS: LogEvent[] = [
  log(90, 'checkout', 'info', 'user logged in', 'h1', 200, 40),
  log(10, 'checkout', 'info', 'order placed', 'h1', 200, 10),
  log(20, 'checkout', 'error', 'payment declined', 'h1', 500, 30),
  log(50, 'payments', 'info', 'Order Placed twice', 'h2', 201, 20),
  log(70, 'payments', 'warn', 'slow request', 'h2', 429, 100),
  log(130, 'search', 'debug', 'cache lookup', 'h3', 200, 5),
  log(-10, 'auth', 'info', 'before the range', 'h4', 200, 1),
  log(180, 'auth', 'info', 'at the range end', 'h4', 200, 1),
];
const TRACES: TraceEvent[] = [
  { Timestamp: T0 + 15 * S, ServiceName: 'checkout', SpanName: 'POST /checkout', Duration: 12, StatusCode: 'Unset' },
  { Timestamp: T0 + 75 * S, ServiceName: 'checkout', SpanName: 'POST /checkout', Duration: 25, StatusCode: 'Error' },
];

const t = emulatorForFile({ chartFixture: { logs: LOGS, traces: TRACES } });
const generated = emulatorForFile({ chartEvents: 5000 });

type Row = Record<string, unknown> & { ts_bucket: number; group: unknown[] };
interface Series {
  sourceId: string;
  aggFn: string;
  where?: string;
  groupBy?: string[];
  field?: string;
  level?: number;
  metricName?: string;
}

async function sources(api = t) {
  const res = await api.oss<{ data: { id: string; kind: string }[] }>('GET', '/api/v2/sources');
  return Object.fromEntries(res.body.data.map((s) => [s.kind, s.id])) as Record<
    'log' | 'trace' | 'metric' | 'session',
    string
  >;
}

function chart(series: Series[], fields: Record<string, unknown> = {}, api = t) {
  return api.oss<{ data: Row[] }>('POST', '/api/v2/charts/series', {
    body: {
      startTime: T0,
      endTime: T0 + 3 * M,
      granularity: '1m',
      series: series.map((s) => ({ where: '', groupBy: [], ...s })),
      ...fields,
    },
  });
}

/** Rows keyed by `bucket offset in seconds|group`, independent of the (unsorted) order. */
function byKey(rows: Row[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    rows.map(({ ts_bucket, group, ...rest }) => [`${(ts_bucket - T0) / S}|${group.join(',')}`, rest]),
  );
}

async function logValues(aggFn: string, extra: Partial<Series> = {}) {
  const { log: sourceId } = await sources();
  const res = await chart([{ sourceId, aggFn, ...extra }]);
  expect(res.status).toBe(200);
  return Object.fromEntries(Object.entries(byKey(res.body.data)).map(([k, v]) => [k, v['series_0.data']]));
}

describe('chart series: aggregations', () => {
  it('counts per bucket, as numbers, within [startTime, endTime)', async () => {
    expect(await logValues('count')).toEqual({ '0|': 3, '60|': 2, '120|': 1 });
  });

  it('sums, averages and takes min/max of a field (numbers, as the contract types them)', async () => {
    const field = 'LogAttributes.duration_ms';
    expect(await logValues('sum', { field })).toEqual({ '0|': 60, '60|': 140, '120|': 5 });
    expect(await logValues('avg', { field })).toEqual({ '0|': 20, '60|': 70, '120|': 5 });
    expect(await logValues('min', { field })).toEqual({ '0|': 10, '60|': 40, '120|': 5 });
    expect(await logValues('max', { field })).toEqual({ '0|': 30, '60|': 100, '120|': 5 });
  });

  it('counts distinct values of string and numeric fields', async () => {
    expect(await logValues('count_distinct', { field: 'ServiceName' })).toEqual({ '0|': 2, '60|': 2, '120|': 1 });
    expect(await logValues('count_distinct', { field: 'LogAttributes.http.status_code' })).toEqual({
      '0|': 3,
      '60|': 2,
      '120|': 1,
    });
  });

  it('interpolates quantiles between ranks', async () => {
    // Bucket 0: [10, 20, 30]; bucket 60: [40, 100]; bucket 120: [5].
    expect(await logValues('quantile', { field: 'LogAttributes.duration_ms', level: 0.5 })).toEqual({
      '0|': 20,
      '60|': 70,
      '120|': 5,
    });
    expect(await logValues('quantile', { field: 'LogAttributes.duration_ms', level: 0.9 })).toEqual({
      '0|': 28,
      '60|': 94,
      '120|': 5,
    });
    expect(await logValues('quantile', { field: 'LogAttributes.duration_ms', level: 0.25 })).toEqual({
      '0|': 15,
      '60|': 55,
      '120|': 5,
    });
    expect(await logValues('quantile', { field: "LogAttributes['duration_ms']", level: 1 })).toEqual({
      '0|': 30,
      '60|': 100,
      '120|': 5,
    });
  });

  it('groups by one or more fields, giving values in groupBy order', async () => {
    expect(await logValues('count', { groupBy: ['ServiceName'] })).toEqual({
      '0|checkout': 2,
      '0|payments': 1,
      '60|payments': 1,
      '60|checkout': 1,
      '120|search': 1,
    });
    const { log: sourceId } = await sources();
    const res = await chart([
      { sourceId, aggFn: 'count', groupBy: ['SeverityText', "LogAttributes['http.status_code']"] },
    ]);
    expect(byKey(res.body.data)['0|info,200']).toEqual({ 'series_0.data': 1 });
    const row = res.body.data.find((r) => r.group[0] === 'error')!;
    expect(row.group).toEqual(['error', '500']);
  });

  it('omits a series key where that series had no data, and merges series across sources', async () => {
    const { log, trace } = await sources();
    const res = await chart([
      { sourceId: log, aggFn: 'count', where: 'SeverityText:error', groupBy: ['ServiceName'] },
      { sourceId: log, aggFn: 'count', groupBy: ['ServiceName'] },
      { sourceId: trace, aggFn: 'max', field: 'Duration', groupBy: ['ServiceName'] },
    ]);
    expect(res.status).toBe(200);
    expect(byKey(res.body.data)).toEqual({
      '0|checkout': { 'series_0.data': 1, 'series_1.data': 2, 'series_2.data': 12 },
      '0|payments': { 'series_1.data': 1 },
      '60|checkout': { 'series_1.data': 1, 'series_2.data': 25 },
      '60|payments': { 'series_1.data': 1 },
      '120|search': { 'series_1.data': 1 },
    });
  });

  it('answers an empty list for sources without events', async () => {
    const { session } = await sources();
    const res = await chart([{ sourceId: session, aggFn: 'count' }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });
});

describe('chart series: where filters', () => {
  const cases: [string, number][] = [
    ['SeverityText:error', 1],
    ['SeverityText:ERROR', 1],
    ['-SeverityText:info', 3],
    ['NOT SeverityText:info', 3],
    ['Body:"order placed"', 2],
    ['order', 2],
    ['ORDER', 2],
    ['"slow request"', 1],
    ['LogAttributes.http.status_code:200', 3],
    ['LogAttributes.duration_ms:>30', 2],
    ['LogAttributes.duration_ms:>=30', 3],
    ['LogAttributes.duration_ms:<20', 2],
    ['LogAttributes.duration_ms:<=20', 3],
    ['ResourceAttributes.host.name:h2', 2],
    ['ServiceName:checkout AND SeverityText:info', 2],
    ['ServiceName:checkout SeverityText:info', 2],
    ['SeverityText:error OR SeverityText:warn', 2],
    ['ServiceName:search OR ServiceName:payments AND SeverityText:warn', 2],
    ['(ServiceName:search OR ServiceName:payments) AND SeverityText:warn', 1],
    ['ServiceName:check', 0],
  ];
  for (const [where, expected] of cases) {
    it(`${where} matches ${expected}`, async () => {
      const { log: sourceId } = await sources();
      const res = await chart([{ sourceId, aggFn: 'count', where }], { granularity: '1h' });
      expect(res.status).toBe(200);
      expect(res.body.data.reduce((n, r) => n + Number(r['series_0.data']), 0)).toBe(expected);
    });
  }

  it('answers an unknown field as the service does: 500 {error} with the message of its database, naming the field', async () => {
    const { trace } = await sources();
    const res = await chart([{ sourceId: trace, aggFn: 'count', where: 'SeverityText:error' }]);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error:
        'Unknown expression identifier `SeverityText` in scope SELECT count() FROM default.otel_traces. (UNKNOWN_IDENTIFIER)',
    });
    const grouped = await chart([{ sourceId: trace, aggFn: 'count', groupBy: ['level'] }]);
    expect((grouped.body as unknown as { error: string }).error).toMatch(/^Unknown expression identifier `level`/);
  });

  it('answers 500 {error} for a query that cannot be parsed or names an unknown field', async () => {
    const { log: sourceId } = await sources();
    for (const where of [
      '(SeverityText:error',
      'SeverityText:',
      'nope:1',
      'LogAttributes.duration_ms:>abc',
      'level:error',
      'service:checkout',
    ]) {
      const res = await chart([{ sourceId, aggFn: 'count', where }]);
      expect(res.status, where).toBe(500);
      expect(Object.keys(res.body as object)).toEqual(['error']);
      expect(typeof (res.body as unknown as { error: string }).error).toBe('string');
    }
  });
});

describe('chart series: buckets', () => {
  it('aligns buckets to multiples of the granularity since the epoch, even before startTime', async () => {
    const { log: sourceId } = await sources();
    const res = await chart([{ sourceId, aggFn: 'count' }], {
      startTime: T0 + 15 * S,
      endTime: T0 + 3 * M,
      granularity: '1h',
    });
    expect(res.body.data).toEqual([{ ts_bucket: T0, group: [], 'series_0.data': 5 }]);
    for (const granularity of ['30s', '5m', '7d', '30d']) {
      const r = await chart([{ sourceId, aggFn: 'count' }], { granularity });
      for (const row of r.body.data) expect(row.ts_bucket % granularityMs(granularity as never)).toBe(0);
    }
    const weekly = await chart([{ sourceId, aggFn: 'count' }], { granularity: '7d' });
    expect(weekly.body.data).toEqual([
      { ts_bucket: Math.floor(T0 / (7 * 86_400_000)) * 7 * 86_400_000, group: [], 'series_0.data': 6 },
    ]);
  });

  it('skips empty buckets', async () => {
    const { log: sourceId } = await sources();
    const res = await chart([{ sourceId, aggFn: 'count' }], { granularity: '30s' });
    expect(Object.keys(byKey(res.body.data)).sort()).toEqual(['0|', '120|', '30|', '60|', '90|']);
  });

  it('picks about 60 buckets for auto', async () => {
    expect(autoGranularity(0, 3_600_000)).toBe('1m');
    expect(autoGranularity(0, 30 * 86_400_000)).toBe('12h');
    for (const range of [15 * M, 3_600_000, 6 * 3_600_000, 86_400_000, 7 * 86_400_000, 30 * 86_400_000]) {
      const buckets = range / granularityMs(autoGranularity(0, range));
      expect(buckets).toBeLessThanOrEqual(60);
      expect(buckets).toBeGreaterThanOrEqual(20);
    }
    const { log: sourceId } = await sources();
    const res = await chart([{ sourceId, aggFn: 'count' }], { granularity: 'auto' }); // 3 minutes → 30s buckets
    expect(Object.keys(byKey(res.body.data)).sort()).toEqual(['0|', '120|', '30|', '60|', '90|']);
  });
});

describe('chart series: errors', () => {
  async function invalid(body: unknown, message: string) {
    const res = await t.oss('POST', '/api/v2/charts/series', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  }

  it('rejects bad bodies with the validation message', async () => {
    const { log } = await sources();
    const ok = { sourceId: log, aggFn: 'count', where: '', groupBy: [] };
    const base = { startTime: T0, endTime: T0 + M, granularity: '1m', series: [ok] };
    await invalid(
      {},
      'Body validation failed: startTime: Required; endTime: Required; granularity: Required; series: Required',
    );
    await invalid({ ...base, startTime: '1' }, 'Body validation failed: startTime: Expected number, received string');
    await invalid(
      { ...base, startTime: Math.floor(T0 / 1000), endTime: Math.floor(T0 / 1000) + 60 },
      'Body validation failed: startTime: Timestamp must be in milliseconds; endTime: Timestamp must be in milliseconds',
    );
    await invalid({ ...base, startTime: T0 + 0.5 }, 'Body validation failed: startTime: Timestamp must be an integer');
    await invalid(
      { ...base, granularity: '3m' },
      `Body validation failed: granularity: Invalid enum value. Expected ${[...GRANULARITIES, 'auto'].map((g) => `'${g}'`).join(' | ')}, received '3m'`,
    );
    await invalid({ ...base, series: [] }, 'Body validation failed: series: Array must contain at least 1 element(s)');
    await invalid(
      { ...base, series: Array(6).fill(ok) },
      'Body validation failed: series: Array must contain at most 5 element(s)',
    );
    await invalid(
      { ...base, series: [{ sourceId: log, where: '', groupBy: [] }] },
      'Body validation failed: series.0.aggFn: Required',
    );
    await invalid(
      { ...base, series: [{ sourceId: log, aggFn: 'count' }] },
      'Body validation failed: series.0.where: Required; series.0.groupBy: Required',
    );
    await invalid(
      { ...base, series: [{ ...ok, sourceId: 'abc' }] },
      'Body validation failed: series.0.sourceId: Invalid ObjectId',
    );
    await invalid(
      { ...base, series: [ok, { ...ok, groupBy: ['ServiceName'] }] },
      'Body validation failed: series.1.groupBy: All series must have the same groupBy',
    );
    await invalid({ ...base, series: [{ ...ok, aggFn: 'sum' }] }, 'Body validation failed: series.0.field: Required');
    await invalid(
      { ...base, series: [{ ...ok, aggFn: 'quantile', field: 'LogAttributes.duration_ms', level: 2 }] },
      'Body validation failed: series.0.level: Number must be less than or equal to 1',
    );
  });

  it('answers series 0 divided by series 1 as one series with seriesReturnType ratio', async () => {
    const { log } = await sources();
    const all = { sourceId: log, aggFn: 'count' };
    const errors = { sourceId: log, aggFn: 'count', where: 'SeverityText:error' };
    const column = await chart([errors, all]);
    const ratio = await chart([errors, all], { seriesReturnType: 'ratio' });
    expect(ratio.status).toBe(200);
    const rows = (column.body as { data: Record<string, unknown>[] }).data;
    const expected = rows
      .filter((r) => r['series_0.data'] !== undefined)
      .map((r) => Number(r['series_0.data']) / Number(r['series_1.data']));
    const got = (ratio.body as { data: Record<string, unknown>[] }).data;
    expect(got.map((r) => r['series_0.data']).filter((v) => v !== undefined)).toEqual(expected);
    expect(got.every((r) => !('series_1.data' in r))).toBe(true);
  });

  it('answers 404 {error} for an unknown source', async () => {
    const res = await chart([{ sourceId: 'ffffffffffffffffffffffff', aggFn: 'count' }]);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Source not found' });
  });
});

describe('chart series: generated events', () => {
  it('covers the last 30 days deterministically, sized by the option', async () => {
    const { log: sourceId, trace } = await sources(generated);
    const now = Date.now();
    const body = { startTime: now - 31 * 86_400_000, endTime: now + M, granularity: '30d' };
    const res = await chart(
      [
        { sourceId, aggFn: 'count' },
        { sourceId: trace, aggFn: 'count' },
      ],
      body,
      generated,
    );
    expect(res.status).toBe(200);
    const total = (key: string) => res.body.data.reduce((n, r) => n + Number(r[key] ?? 0), 0);
    expect(total('series_0.data')).toBe(5000);
    expect(total('series_1.data')).toBe(5000);

    const grouped = await chart(
      [{ sourceId, aggFn: 'count', groupBy: ['ServiceName', 'SeverityText'] }],
      body,
      generated,
    );
    const again = await chart(
      [{ sourceId, aggFn: 'count', groupBy: ['ServiceName', 'SeverityText'] }],
      body,
      generated,
    );
    expect(again.body).toEqual(grouped.body);
    expect(new Set(grouped.body.data.map((r) => r.group[0]))).toEqual(
      new Set(['checkout', 'payments', 'search', 'auth']),
    );
    expect(new Set(grouped.body.data.map((r) => r.group[1]))).toEqual(new Set(['debug', 'info', 'warn', 'error']));
  });
});

describe('chart series: metrics by name', () => {
  it('reads the points of the named metric, its value averaged, grouped by a resource attribute', async () => {
    const { metric } = await sources(generated);
    const now = Date.now();
    const body = { startTime: now - 31 * 86_400_000, endTime: now + M, granularity: '30d' };
    const res = await chart(
      [
        {
          sourceId: metric,
          aggFn: 'avg',
          metricName: 'k8s.pod.cpu.utilization',
          groupBy: ["ResourceAttributes['k8s.pod.name']"],
        } as Series,
      ],
      body,
      generated,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(1);
    for (const row of res.body.data) {
      expect(String(row.group[0])).toMatch(/^(checkout|payments|search|auth)-/);
      expect(Number(row['series_0.data'])).toBeGreaterThan(0);
      expect(Number(row['series_0.data'])).toBeLessThan(1);
    }
    const byWhere = await chart(
      [{ sourceId: metric, aggFn: 'max', field: 'Value', where: 'MetricName:k8s.pod.memory.usage' }],
      body,
      generated,
    );
    expect(byWhere.body.data.every((r) => Number(r['series_0.data']) > 1e8)).toBe(true);
  });
});

describe('search: the latest events of a source', () => {
  const window = { startTime: new Date(T0).toISOString(), endTime: new Date(T0 + 3 * M).toISOString() };
  const search = (body: Record<string, unknown>) =>
    t.oss<{ data: Record<string, unknown>[]; rows: number; message?: string }>('POST', '/api/v2/search', { body });

  it('answers the matching events newest first, with the columns asked for', async () => {
    const { log } = await sources();
    const res = await search({
      sourceId: log,
      ...window,
      where: 'ServiceName:checkout',
      select: 'Timestamp, SeverityText, Body',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rows: 3,
      data: [
        { Timestamp: new Date(T0 + 90 * S).toISOString(), SeverityText: 'info', Body: 'user logged in' },
        { Timestamp: new Date(T0 + 20 * S).toISOString(), SeverityText: 'error', Body: 'payment declined' },
        { Timestamp: new Date(T0 + 10 * S).toISOString(), SeverityText: 'info', Body: 'order placed' },
      ],
    });
  });

  it('pages with maxResults and offset, and uses the default columns', async () => {
    const { log } = await sources();
    const res = await search({ sourceId: log, ...window, maxResults: 2, offset: 1 });
    expect(res.body.data.map((r) => r.Body)).toEqual(['user logged in', 'slow request']);
    expect(Object.keys(res.body.data[0]!)).toEqual(['Timestamp', 'ServiceName', 'SeverityText', 'Body']);
  });

  it.each([
    [{ maxResults: 2001 }, 400, 'Body validation failed: maxResults: Number must be less than or equal to 2000'],
    [{ select: 'Nope' }, 400, 'Unknown column "Nope"'],
    [{ sourceId: 'ffffffffffffffffffffffff' }, 404, 'Source not found'],
  ])('refuses %j', async (fields, status, message) => {
    const { log } = await sources();
    const res = await search({ sourceId: log, ...window, ...fields });
    expect([res.status, res.body.message]).toEqual([status, message]);
  });
});
