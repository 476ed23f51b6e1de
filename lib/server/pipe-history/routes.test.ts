/** The pipe page's history through the BFF: charts from the database after a restart, the state timeline with who did what, and a database that fails. */
import { beforeEach, describe, expect, it } from 'vitest';
import * as pipeHistoryRoute from '@/app/api/pipe-history/[organizationId]/[serviceId]/[pipeId]/route';
import * as pipeMetricsRoute from '@/app/api/pipe-metrics/[organizationId]/[serviceId]/[pipeId]/route';
import type { PipeSample } from '@/lib/pipes/metrics/parse';
import type { PipeTimelineView } from '@/lib/pipes/history/timeline';
import type { PipeMetricsDetail } from '@/lib/pipes/metrics/views';
import { recordAuditEvent } from '../audit/record';
import { commandOf } from './read';
import { setConsoleDatabase } from '../db/shared';
import type { Database } from '../db/types';
import { resetPipeMetricsSampler } from '../pipe-metrics/service';
import { callRoute, installTestDatabase, ORG_ID, SERVICE_ID, stubUpstreamForFile } from '../test-support';
import { pipeHistoryWriteFailures } from './metrics';
import { recordScrape } from './record';

const PIPE_ID = '2f3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const upstream = stubUpstreamForFile();
const params = { organizationId: ORG_ID, serviceId: SERVICE_ID, pipeId: PIPE_ID };
const detailPath = `/api/pipe-metrics/${ORG_ID}/${SERVICE_ID}/${PIPE_ID}`;
const historyPath = `/api/pipe-history/${ORG_ID}/${SERVICE_ID}/${PIPE_ID}`;
const MIN = 60_000;

const sample = (sent: number, state: string): PipeSample => ({
  id: PIPE_ID,
  state,
  fetchedEvents: sent,
  sentEvents: sent,
  fetchedBytes: 0,
  sentBytes: sent * 100,
  errors: 0,
});
const scrape = (at: number, sent: number, state = 'Running') =>
  recordScrape({
    organizationId: ORG_ID,
    serviceId: SERVICE_ID,
    at,
    samples: new Map([[PIPE_ID, sample(sent, state)]]),
    intervalMs: MIN,
  });

beforeEach(async () => {
  resetPipeMetricsSampler();
  const db = await installTestDatabase();
  for (const table of [
    'pipe_samples',
    'pipe_buckets',
    'pipe_latest',
    'pipe_history_scrapes',
    'pipe_state_changes',
    'audit_events',
  ])
    await db.query(`delete from ${table}`);
  upstream.stub.handle((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    res.end(
      `ClickPipes_Info{clickpipe_id="${PIPE_ID}",clickpipe_state="Stopped"} 1\nClickPipes_SentEvents_Total{clickpipe_id="${PIPE_ID}"} 9000\n`,
    );
  });
});

describe('pipe history routes', () => {
  it('chart what earlier scrapes stored, on a console that has only just started, up to the retention', async () => {
    const now = Date.now();
    expect(await scrape(now - 4 * MIN, 0)).toMatchObject({ written: true });
    await scrape(now - 3 * MIN, 6_000);
    await scrape(now - 2 * MIN, 7_200, 'Stopped');
    const response = await callRoute(pipeMetricsRoute.GET, `${detailPath}?range=1h`, params, {
      method: 'GET',
      role: 'viewer',
    });
    const body = (await response.json()) as PipeMetricsDetail;
    expect(body.series.map((p) => p.rowsPerSecond)).toEqual([100, 20]);
    expect(body).toMatchObject({ range: '1h', retentionDays: 14, summary: { id: PIPE_ID, state: 'Stopped' } });
    expect(body.historyFailure).toBeUndefined();

    const far = (await (
      await callRoute(pipeMetricsRoute.GET, `${detailPath}?range=90d`, params, { method: 'GET', role: 'viewer' })
    ).json()) as PipeMetricsDetail;
    expect(far.range).toBe('90d');
    expect(far.to - far.from).toBe(14 * 24 * 60 * MIN);
    // 14 days in 240 windows: both samples fall in one, merged exactly.
    expect(far.series.map((p) => p.rowsPerSecond)).toEqual([60]);
  });

  it('tell the state timeline newest first, with who stopped the pipe through Sluice', async () => {
    const now = Date.now();
    await scrape(now - 10 * MIN, 0);
    await scrape(now - 9 * MIN, 10, 'Failed');
    await scrape(now - 8 * MIN, 20, 'Running');
    await recordAuditEvent({
      actor: 'ada',
      actorRole: 'editor',
      authMethod: 'password',
      operation: 'pipe.state',
      targetType: 'Pipe',
      targetId: PIPE_ID,
      targetName: 'Orders',
      outcome: 'success',
      status: 200,
      requestId: 'r1',
      errorCode: null,
      changes: 'command=stop',
      clientAddress: null,
    });
    await scrape(Date.now() + 1, 30, 'Stopping');
    const response = await callRoute(pipeHistoryRoute.GET, historyPath, params, { method: 'GET', role: 'viewer' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PipeTimelineView;
    expect(body.retentionDays).toBe(14);
    expect(body.events.map((e) => (e.kind === 'state' ? [e.from, e.state, e.by?.actor ?? null] : [e.kind]))).toEqual([
      ['Running', 'Stopping', 'ada'],
      ['Failed', 'Running', null],
      ['Running', 'Failed', null],
      [null, 'Running', null],
    ]);
  });

  it('read the command of a state change in both ways the audit trail writes it', () => {
    // Unversioned writes name the command; versioned ones carry the history's words for what it did.
    expect(
      ['command=stop', 'command=resync', 'stopped', 'started', 'renamed to "x"; stopped', 'settings'].map(commandOf),
    ).toEqual(['stop', 'resync', 'stop', 'start', 'stop', undefined]);
  });

  it('refuse a signed-out caller and a malformed pipe id', async () => {
    expect((await callRoute(pipeHistoryRoute.GET, historyPath, params, { method: 'GET' })).status).toBe(401);
    expect(
      (
        await callRoute(
          pipeHistoryRoute.GET,
          `/api/pipe-history/${ORG_ID}/${SERVICE_ID}/nope`,
          { ...params, pipeId: 'nope' },
          { method: 'GET', role: 'viewer' },
        )
      ).status,
    ).toBe(400);
  });

  it('keep the scrape and the charts of this console when the database fails, and count the lost write', async () => {
    const db = await installTestDatabase();
    // Sessions still read their users; every pipe history table fails.
    const broken: Database = {
      kind: 'pglite-socket',
      description: 'a database whose history tables fail',
      query: (sql, values) => (/pipe_/.test(sql) ? Promise.reject(new Error('disk full')) : db.query(sql, values)),
      close: async () => {},
    };
    const before = (await pipeHistoryWriteFailures.get()).values[0]?.value ?? 0;
    setConsoleDatabase(broken);
    try {
      expect(await scrape(Date.now(), 5)).toEqual({ written: false });
      expect((await pipeHistoryWriteFailures.get()).values[0]?.value).toBe(before + 1);
      const detail = await callRoute(pipeMetricsRoute.GET, `${detailPath}?range=1h`, params, {
        method: 'GET',
        role: 'viewer',
      });
      expect(detail.status).toBe(200);
      expect(await detail.json()).toMatchObject({
        summary: { id: PIPE_ID, totals: { rows: 9000 } },
        historyFailure: 'The stored history could not be read; the charts show what this console saw in the last day.',
      });
      const timeline = await callRoute(pipeHistoryRoute.GET, historyPath, params, { method: 'GET', role: 'viewer' });
      expect(timeline.status).toBe(503);
      expect(await timeline.json()).toMatchObject({
        code: 'HISTORY_UNAVAILABLE',
        error: "The pipe's history could not be read from the console's database; details are in its log",
      });
    } finally {
      setConsoleDatabase(db);
    }
  });
});
