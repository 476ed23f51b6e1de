/** Versions kept by the BFF: saves, changes made outside, restore under If-Match, deletes and retention. */
import { register } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as dashboardRoute from '@/app/api/observability/v2/dashboards/[id]/route';
import * as alertsRoute from '@/app/api/observability/v2/alerts/route';
import * as historyRoute from '@/app/api/history/[kind]/[id]/route';
import * as versionRoute from '@/app/api/history/[kind]/[id]/[version]/route';
import * as restoreRoute from '@/app/api/history/[kind]/[id]/restore/route';
import * as deletedRoute from '@/app/api/history/deleted/route';
import * as deletedRestoreRoute from '@/app/api/history/deleted/[kind]/[id]/restore/route';
import type { Database } from '../db/types';
import { setConsoleDatabase } from '../db/shared';
import { callRoute as call, installTestDatabase, json, readJson, stubUpstreamForFile } from '../test-support';
import { flushUnwrittenVersions, storeVersion, unwrittenHistoryVersions } from './record';
import { listVersions, pruneExpiredVersions } from './store';

const upstream = stubUpstreamForFile();
const DASH = '65f0c0ffee0123456789abcd';
const ALERT = '65f0c0ffee0123456789abce';
let db: Database;

type Json = Record<string, unknown>;
let dashboards: Map<string, Json>;
let alerts: Map<string, Json>;
let nextId = 0;
const newId = () => `aa${String(++nextId).padStart(22, '0')}`;

const SOURCE = '65f0c0ffee0123456789ab01';
// Tiles as the published contract has them: the BFF's requests in these tests are checked against it too.
const tile = (id: string, name: string, x = 0) => ({
  id,
  name,
  x,
  y: 0,
  w: 6,
  h: 4,
  series: [{ type: 'time', sourceId: SOURCE, aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: [] }],
});

/** A small observability surface: dashboards and alerts kept in memory, new tiles get ids. */
function fakeObservability(): void {
  upstream.stub.handle((req, res, body) => {
    const url = new URL(req.url ?? '', 'http://x');
    const [, , , collection, id] = url.pathname.split('/');
    const store = collection === 'dashboards' ? dashboards : alerts;
    const withIds = (input: Json) =>
      collection === 'dashboards'
        ? { ...input, tiles: ((input.tiles as Json[]) ?? []).map((t) => (t.id ? t : { ...t, id: newId() })) }
        : input;
    if (req.method === 'GET' && !id) return json(res, 200, { data: [...store.values()] });
    if (req.method === 'POST') {
      const created = { ...withIds(JSON.parse(body)), id: newId() };
      store.set(created.id as string, created);
      return json(res, 200, { data: created });
    }
    const found = id ? store.get(id) : undefined;
    if (!found) return json(res, 404, { message: 'not found' });
    if (req.method === 'GET') return json(res, 200, { data: found });
    if (req.method === 'PUT') {
      const saved = { ...withIds(JSON.parse(body)), id };
      store.set(id!, saved);
      return json(res, 200, { data: saved });
    }
    if (req.method === 'DELETE') {
      store.delete(id!);
      if (collection === 'dashboards')
        for (const [alertId, alert] of alerts) if (alert.dashboardId === id) alerts.delete(alertId);
      return json(res, 200, {});
    }
  });
}

beforeEach(async () => {
  db = await installTestDatabase();
  await db.query('delete from history_versions');
  await db.query('delete from history_deleted');
  await db.query('delete from audit_events');
  dashboards = new Map([
    [DASH, { id: DASH, name: 'API', tags: [], tiles: [tile('t1', 'Latency'), tile('t2', 'Errors', 6)] }],
  ]);
  alerts = new Map([
    [
      ALERT,
      {
        id: ALERT,
        name: 'Slow',
        source: 'tile',
        dashboardId: DASH,
        tileId: 't2',
        threshold: 5,
        thresholdType: 'above',
        interval: '5m',
        channel: { type: 'webhook', webhookId: DASH },
      },
    ],
  ]);
  fakeObservability();
});

afterEach(() => {
  delete process.env.HISTORY_KEEP;
  delete process.env.HISTORY_DAYS;
});

const dashPath = `/api/observability/v2/dashboards/${DASH}`;
const historyPath = (kind: string, id: string) => `/api/history/${kind}/${id}`;

async function readDashboard(): Promise<{ body: Json; etag: string }> {
  const response = await call(dashboardRoute.GET, dashPath, { id: DASH }, { role: 'viewer' });
  return { body: ((await readJson(response)) as { data: Json }).data, etag: response.headers.get('etag')! };
}

async function save(changes: Json, etag: string, message?: string): Promise<Response> {
  const { body } = await readDashboard();
  const headers: Record<string, string> = { 'if-match': etag };
  if (message) headers['x-sluice-change-message'] = encodeURIComponent(message);
  return call(
    dashboardRoute.PUT,
    dashPath,
    { id: DASH },
    {
      method: 'PUT',
      role: 'editor',
      json: { name: body.name, tags: body.tags, tiles: body.tiles, ...changes },
      headers,
    },
  );
}

async function history(kind = 'dashboards', id = DASH): Promise<{ data: Json[]; etag: string | null }> {
  const response = await call(historyRoute.GET, historyPath(kind, id), { kind, id }, { role: 'viewer' });
  expect(response.status).toBe(200);
  return { data: ((await readJson(response)) as { data: Json[] }).data, etag: response.headers.get('etag') };
}

describe('versions of a dashboard', () => {
  it('keeps the first read, each save with author, request id, message and summary, and says what changed in the audit log', async () => {
    const { etag } = await readDashboard();
    const response = await save(
      {
        name: 'API latency',
        tiles: [tile('t1', 'Latency', 2), tile('t2', 'Errors', 8), { ...tile('x', 'Errors by host'), id: undefined }],
      },
      etag,
      'tidy up',
    );
    expect(response.status).toBe(200);
    const { data } = await history();
    expect(data).toEqual([
      expect.objectContaining({
        version: 2,
        author: 'editor-user',
        source: 'sluice',
        summary: "added tile 'Errors by host'; moved 2 tiles; renamed to 'API latency'",
        requestId: response.headers.get('x-request-id'),
        message: 'tidy up',
      }),
      expect.objectContaining({ version: 1, author: null, source: 'outside', summary: 'first seen by Sluice' }),
    ]);
    const [audit] = await db.query<{ changes: string }>(
      "select changes from audit_events where operation = 'dashboard.update'",
    );
    expect(audit?.changes).toBe("added tile 'Errors by host'; moved 2 tiles; renamed to 'API latency'");
  });

  it('notices a change made outside Sluice on the next read and keeps it as its own version', async () => {
    await readDashboard();
    dashboards.set(DASH, { ...dashboards.get(DASH)!, name: 'Renamed elsewhere' });
    const { data } = await history();
    expect(data[0]).toEqual(
      expect.objectContaining({
        version: 2,
        source: 'outside',
        author: null,
        summary: "renamed to 'Renamed elsewhere'",
      }),
    );
    const one = await call(
      versionRoute.GET,
      `${historyPath('dashboards', DASH)}/1`,
      { kind: 'dashboards', id: DASH, version: '1' },
      { role: 'viewer' },
    );
    expect(((await readJson(one)) as { data: { version: number; object: Json } }).data).toEqual({
      version: 1,
      object: expect.objectContaining({ name: 'API' }),
    });
  });

  it('restores a version under If-Match: the content comes back as a new version, and a stale tag sees the conflict', async () => {
    const { etag } = await readDashboard();
    await save({ name: 'Second', tiles: [tile('t1', 'Latency')] }, etag);
    const { etag: now } = await history();
    const restored = await call(
      restoreRoute.POST,
      `${historyPath('dashboards', DASH)}/restore`,
      { kind: 'dashboards', id: DASH },
      {
        method: 'POST',
        role: 'editor',
        json: { version: 1 },
        headers: { 'if-match': now! },
      },
    );
    expect(restored.status).toBe(200);
    expect(((await readJson(restored)) as { data: Json }).data).toEqual(expect.objectContaining({ name: 'API' }));
    expect(dashboards.get(DASH)).toEqual(
      expect.objectContaining({
        name: 'API',
        tiles: [expect.objectContaining({ id: 't1' }), expect.objectContaining({ name: 'Errors' })],
      }),
    );
    const { data } = await history();
    expect(data[0]).toEqual(
      expect.objectContaining({
        version: 3,
        source: 'restore',
        author: 'editor-user',
        summary: "added tile 'Errors'; renamed to 'API'",
      }),
    );
    // A second restore with the tag read before the first one is refused with the dashboard as it is now.
    const stale = await call(
      restoreRoute.POST,
      `${historyPath('dashboards', DASH)}/restore`,
      { kind: 'dashboards', id: DASH },
      {
        method: 'POST',
        role: 'editor',
        json: { version: 2 },
        headers: { 'if-match': now! },
      },
    );
    expect(stale.status).toBe(412);
    expect(await readJson(stale)).toEqual(
      expect.objectContaining({ code: 'PRECONDITION_FAILED', current: expect.objectContaining({ name: 'API' }) }),
    );
  });

  it('lets viewers read but not restore, asks for If-Match, and offers restoring as new when the object is gone', async () => {
    await readDashboard();
    const restorePath = `${historyPath('dashboards', DASH)}/restore`;
    const viewer = await call(
      restoreRoute.POST,
      restorePath,
      { kind: 'dashboards', id: DASH },
      { method: 'POST', role: 'viewer', json: { version: 1 } },
    );
    expect(viewer.status).toBe(403);
    const noTag = await call(
      restoreRoute.POST,
      restorePath,
      { kind: 'dashboards', id: DASH },
      { method: 'POST', role: 'editor', json: { version: 1 } },
    );
    expect(noTag.status).toBe(428);
    const badBody = await call(
      restoreRoute.POST,
      restorePath,
      { kind: 'dashboards', id: DASH },
      { method: 'POST', role: 'editor', json: { version: 0 } },
    );
    expect(await readJson(badBody)).toEqual(
      expect.objectContaining({ status: 400, fields: [{ path: 'version', message: 'The version must be 1 or more' }] }),
    );
    const badKind = await call(
      historyRoute.GET,
      historyPath('charts', DASH),
      { kind: 'charts', id: DASH },
      { role: 'viewer' },
    );
    expect(badKind.status).toBe(400);
    dashboards.delete(DASH);
    const gone = await call(
      restoreRoute.POST,
      restorePath,
      { kind: 'dashboards', id: DASH },
      { method: 'POST', role: 'editor', json: { version: 1 }, headers: { 'if-match': '"x"' } },
    );
    expect(await readJson(gone)).toEqual(expect.objectContaining({ status: 404, code: 'OBJECT_GONE' }));
    const asNew = await call(
      restoreRoute.POST,
      restorePath,
      { kind: 'dashboards', id: DASH },
      { method: 'POST', role: 'editor', json: { version: 1, asNew: true } },
    );
    expect(asNew.status).toBe(201);
    const created = ((await readJson(asNew)) as { data: Json }).data;
    expect(dashboards.get(created.id as string)).toEqual(expect.objectContaining({ name: 'API' }));
  });
});

describe('versions of an API key', () => {
  const KEY = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
  // test-support signs with CLOUD_API_KEY_ID 'test-key-id': the cloud shows its last 4 characters.
  let key: Json;
  const patches: Json[] = [];

  beforeEach(() => {
    patches.length = 0;
    key = {
      id: KEY,
      name: 'console',
      keySuffix: 'y-id',
      state: 'enabled',
      roles: ['developer'],
      expireAt: null,
      ipAccessList: [],
      createdAt: '2026-01-01T00:00:00Z',
    };
    upstream.stub.handle((req, res, body) => {
      if (!req.url?.endsWith(`/keys/${KEY}`)) return json(res, 404, { status: 404, error: 'not found' });
      if (req.method === 'PATCH') {
        const patch = JSON.parse(body) as Json;
        patches.push(patch);
        key = { ...key, ...patch };
      }
      return json(res, 200, { status: 200, requestId: 'upstream-request', result: key });
    });
  });

  it("restoring an older version of the console's own key that would cut it off needs the same confirmation as an edit", async () => {
    // Version 1 is seen without Admin; the key gains Admin outside Sluice (version 2).
    await history('keys', KEY);
    key = { ...key, roles: ['admin', 'developer'] };
    const { etag } = await history('keys', KEY);
    const restorePath = `${historyPath('keys', KEY)}/restore`;
    const refused = await call(
      restoreRoute.POST,
      restorePath,
      { kind: 'keys', id: KEY },
      {
        method: 'POST',
        role: 'admin',
        json: { version: 1 },
        headers: { 'if-match': etag! },
      },
    );
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual(expect.objectContaining({ code: 'LOCKOUT_CONFIRMATION_REQUIRED' }));
    expect(patches).toEqual([]);
    const confirmed = await call(
      restoreRoute.POST,
      restorePath,
      { kind: 'keys', id: KEY },
      {
        method: 'POST',
        role: 'admin',
        json: { version: 1 },
        headers: { 'if-match': etag!, 'x-sluice-confirm-lockout': KEY },
      },
    );
    expect(confirmed.status).toBe(200);
    expect(patches).toEqual([expect.objectContaining({ roles: ['developer'] })]);
  });
});

describe('deleted, not lost', () => {
  it('lists a dashboard deleted through Sluice and restores it as a new one with its alert re-pointed', async () => {
    await readDashboard();
    await call(alertsRoute.GET, '/api/observability/v2/alerts', {}, { role: 'viewer' });
    // The list is looked at after the answer has gone: wait until the alert's version is there.
    await expect.poll(async () => (await listVersions(db, 'alerts', ALERT)).length).toBe(1);
    const deleted = await call(dashboardRoute.DELETE, dashPath, { id: DASH }, { method: 'DELETE', role: 'editor' });
    expect(deleted.status).toBe(200);
    expect(alerts.size).toBe(0);
    const list = await call(deletedRoute.GET, '/api/history/deleted', {}, { role: 'viewer' });
    expect(((await readJson(list)) as { data: Json[] }).data).toEqual([
      expect.objectContaining({ kind: 'alerts', id: ALERT, name: 'Slow', deletedBy: 'editor-user' }),
      expect.objectContaining({ kind: 'dashboards', id: DASH, name: 'API', deletedBy: 'editor-user' }),
    ]);
    const restore = () =>
      call(
        deletedRestoreRoute.POST,
        `/api/history/deleted/dashboards/${DASH}/restore`,
        { kind: 'dashboards', id: DASH },
        { method: 'POST', role: 'editor' },
      );
    const restored = await restore();
    expect(restored.status).toBe(201);
    const newId = ((await readJson(restored)) as { data: { id: string } }).data.id;
    const dashboard = dashboards.get(newId)!;
    expect(dashboard).toEqual(expect.objectContaining({ name: 'API' }));
    const errorsTile = (dashboard.tiles as Json[])[1]!;
    expect([...alerts.values()]).toEqual([
      expect.objectContaining({ name: 'Slow', dashboardId: newId, tileId: errorsTile.id }),
    ]);
    // Restored once: a second restore is told, and the list no longer has it.
    expect((await restore()).status).toBe(404);
    const after = await call(deletedRoute.GET, '/api/history/deleted', {}, { role: 'viewer' });
    expect(((await readJson(after)) as { data: Json[] }).data).toEqual([]);
  });
});

describe('retention and failures', () => {
  const version = (n: number) =>
    storeVersion(db, {
      kind: 'alerts',
      id: ALERT,
      object: { name: `v${n}` },
      source: 'sluice',
      author: 'a',
      requestId: null,
    });

  it('keeps HISTORY_KEEP versions and drops those older than HISTORY_DAYS, never the newest', async () => {
    process.env.HISTORY_KEEP = '3';
    for (let n = 1; n <= 5; n++) await version(n);
    expect((await listVersions(db, 'alerts', ALERT)).map((v) => v.version)).toEqual([5, 4, 3]);
    process.env.HISTORY_DAYS = '30';
    await version(6);
    await db.query("update history_versions set at = now() - interval '40 days' where version < 6");
    await pruneExpiredVersions(db);
    expect((await listVersions(db, 'alerts', ALERT)).map((v) => v.version)).toEqual([6]);
    // The newest stays however old it is.
    await db.query("update history_versions set at = now() - interval '400 days'");
    await pruneExpiredVersions(db);
    expect((await listVersions(db, 'alerts', ALERT)).map((v) => v.version)).toEqual([6]);
  });

  it('lets the change through when the history cannot be written, logged and counted, and writes its version once the database is back', async () => {
    const { body, etag } = await readDashboard();
    const counter = async () =>
      (await register.getSingleMetric('sluice_history_write_failures_total')!.get()).values[0]?.value ?? 0;
    const before = await counter();
    // Only the history's tables fail: sessions and the audit log still work.
    const broken: Database = {
      kind: 'pglite',
      description: 'history tables broken',
      close: async () => {},
      query: (sql, params) =>
        sql.includes('history_') ? Promise.reject(new Error('disk full')) : db.query(sql, params),
    } as Database;
    setConsoleDatabase(broken);
    try {
      const response = await call(
        dashboardRoute.PUT,
        dashPath,
        { id: DASH },
        {
          method: 'PUT',
          role: 'editor',
          json: { name: 'Still saved', tags: body.tags, tiles: body.tiles },
          headers: { 'if-match': etag },
        },
      );
      expect(response.status).toBe(200);
      expect(dashboards.get(DASH)?.name).toBe('Still saved');
      expect(await counter()).toBeGreaterThan(before);
      expect(unwrittenHistoryVersions()).toBe(1);
    } finally {
      setConsoleDatabase(db);
    }
    // Once the database answers again, the kept version is written with its author and request.
    await flushUnwrittenVersions();
    expect(unwrittenHistoryVersions()).toBe(0);
    const [newest] = await listVersions(db, 'dashboards', DASH);
    expect(newest).toMatchObject({ author: 'editor-user', source: 'sluice' });
    expect((await history()).data[0]).toMatchObject({ source: 'sluice' });
    const rows = await db.query<{ object: string }>(
      "select object from history_versions where kind = 'dashboards' and object_id = $1 order by version desc limit 1",
      [DASH],
    );
    expect(JSON.parse(rows[0]!.object).name).toBe('Still saved');
  });
});
