/** The audit log as the BFF writes it: every write by a signed-in user, sign-ins, never a secret; and what admins read back. */
import { register } from 'prom-client';
import { beforeEach, describe, expect, it } from 'vitest';
import * as keysRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/route';
import * as keyRoute from '@/app/api/cloud/v1/organizations/[organizationId]/keys/[keyId]/route';
import * as pipesRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/route';
import * as chartRoute from '@/app/api/observability/v2/charts/series/route';
import * as auditRoute from '@/app/api/audit/route';
import * as exportRoute from '@/app/api/audit/export/route';
import * as sessionRoute from '@/app/api/session/route';
import { destination, fieldMappings, kafka } from '@/lib/schemas/pipes/test-fixtures';
import type { Database } from '../db/types';
import { setConsoleDatabase } from '../db/shared';
import {
  callRoute as call,
  installTestDatabase,
  json,
  ORG_ID,
  readJson,
  routeContext,
  SERVICE_ID,
  sessionCookieFor,
  stubUpstreamForFile,
  testRequest,
  testUsers,
} from '../test-support';
import { csvCell } from './csv';
import { flushUnwritten } from './record';

const KEY_ID = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const org = `/api/cloud/v1/organizations/${ORG_ID}`;
const upstream = stubUpstreamForFile();
let db: Database;

beforeEach(async () => {
  db = await installTestDatabase();
  await db.query('delete from audit_events');
});

async function events(): Promise<Record<string, unknown>[]> {
  return db.query('select * from audit_events order by id');
}

const keyRecord = {
  id: KEY_ID,
  name: 'Loader',
  state: 'enabled',
  roles: ['developer'],
  keySuffix: 'zzzz',
  ipAccessList: [],
};

describe('writes through the BFF', () => {
  it('records who, role, how, what, target, outcome, status and the request id the browser got', async () => {
    upstream.stub.handle((_req, res) =>
      json(res, 200, { status: 200, requestId: 'u', result: { ...keyRecord, state: 'disabled' } }),
    );
    const response = await call(
      keyRoute.PATCH,
      `${org}/keys/${KEY_ID}`,
      { organizationId: ORG_ID, keyId: KEY_ID },
      {
        method: 'PATCH',
        json: { state: 'disabled' },
        role: 'admin',
      },
    );
    expect(response.status).toBe(200);
    expect(await events()).toEqual([
      expect.objectContaining({
        actor: 'admin-user',
        actor_role: 'admin',
        auth_method: 'password',
        operation: 'key.update',
        target_type: 'API key',
        target_id: KEY_ID,
        target_name: 'Loader',
        outcome: 'success',
        status: 200,
        request_id: response.headers.get('x-request-id'),
        error_code: null,
        changes: 'state=disabled',
      }),
    ]);
  });

  it('never keeps a secret: not a new key’s secret, not the credentials of a pipe', async () => {
    upstream.stub.handle((_req, res) =>
      json(res, 200, {
        status: 200,
        requestId: 'u',
        result: { key: keyRecord, keyId: 'AKID0000000000000000', keySecret: 'the-one-time-key-secret' },
      }),
    );
    const created = await call(
      keysRoute.POST,
      `${org}/keys`,
      { organizationId: ORG_ID },
      {
        method: 'POST',
        json: { name: 'Loader', roles: ['developer'] },
        role: 'admin',
      },
    );
    expect(await readJson(created)).toMatchObject({ result: { keySecret: 'the-one-time-key-secret' } });

    upstream.stub.handle((_req, res) =>
      json(res, 200, { status: 200, requestId: 'u', result: { id: KEY_ID, name: 'Events' } }),
    );
    const pipe = { name: 'Events', source: { kafka }, destination, fieldMappings };
    const piped = await call(
      pipesRoute.POST,
      `${org}/services/${SERVICE_ID}/datapipes`,
      { organizationId: ORG_ID, serviceId: SERVICE_ID },
      {
        method: 'POST',
        json: pipe,
        role: 'editor',
      },
    );
    expect(piped.status).toBe(200);

    const rows = await events();
    expect(rows.map((row) => [row.operation, row.target_id, row.target_name])).toEqual([
      ['key.create', KEY_ID, 'Loader'],
      ['pipe.create', KEY_ID, 'Events'],
    ]);
    const text = JSON.stringify(rows);
    for (const secret of ['the-one-time-key-secret', 'AKID0000000000000000', kafka.credentials.password, kafka.brokers])
      expect(text).not.toContain(secret);
  });

  it('records refusals too, but not anonymous requests nor chart queries', async () => {
    const refused = await call(
      keysRoute.POST,
      `${org}/keys`,
      { organizationId: ORG_ID },
      { method: 'POST', json: { name: 'x', roles: ['developer'] }, role: 'viewer' },
    );
    expect(refused.status).toBe(403);
    const invalid = await call(
      keysRoute.POST,
      `${org}/keys`,
      { organizationId: ORG_ID },
      { method: 'POST', json: { name: '', roles: [] }, role: 'admin' },
    );
    expect(invalid.status).toBe(400);
    await call(
      keysRoute.POST,
      `${org}/keys`,
      { organizationId: ORG_ID },
      { method: 'POST', json: { name: 'x', roles: ['developer'] } },
    );
    const now = Date.now();
    await call(
      chartRoute.POST,
      '/api/observability/v2/charts/series',
      {},
      {
        method: 'POST',
        json: {
          startTime: now - 3_600_000,
          endTime: now,
          granularity: 'auto',
          series: [{ sourceId: '65f0c0ffee0123456789abcd', aggFn: 'count', where: '', groupBy: [] }],
        },
        role: 'viewer',
      },
    );
    expect((await events()).map((row) => [row.actor, row.operation, row.outcome, row.status, row.error_code])).toEqual([
      ['viewer-user', 'key.create', 'failure', 403, 'FORBIDDEN'],
      ['admin-user', 'key.create', 'failure', 400, 'VALIDATION_FAILED'],
    ]);
  });

  it('names the target of a delete from the key it read first', async () => {
    upstream.stub.handle((req, res) =>
      json(res, 200, { status: 200, requestId: 'u', result: req.method === 'GET' ? keyRecord : undefined }),
    );
    await call(
      keyRoute.DELETE,
      `${org}/keys/${KEY_ID}`,
      { organizationId: ORG_ID, keyId: KEY_ID },
      { method: 'DELETE', role: 'admin' },
    );
    expect(await events()).toEqual([
      expect.objectContaining({ operation: 'key.delete', target_id: KEY_ID, target_name: 'Loader', changes: null }),
    ]);
  });

  it('never loses the change when the audit log cannot be written: it is logged, counted and written later', async () => {
    // Sessions still check out; only the audit table refuses writes.
    const broken: Database = {
      kind: 'pglite',
      description: 'an audit table that refuses writes',
      query: (sql, params) =>
        sql.includes('insert into audit_events') ? Promise.reject(new Error('disk full')) : db.query(sql, params),
      close: async () => {},
    };
    const counter = () =>
      register
        .getSingleMetric('sluice_audit_write_failures_total')!
        .get()
        .then((m) => m.values[0]?.value ?? 0);
    const before = await counter();
    const cookie = await sessionCookieFor('admin');
    setConsoleDatabase(broken);
    try {
      upstream.stub.handle((_req, res) => json(res, 200, { status: 200, requestId: 'u', result: keyRecord }));
      const response = await keysRoute.POST(
        testRequest(`${org}/keys`, { method: 'POST', json: { name: 'Loader', roles: ['developer'] }, cookie }),
        routeContext({ organizationId: ORG_ID }),
      );
      expect(response.status).toBe(200);
      expect(await readJson(response)).toMatchObject({ result: { id: KEY_ID } });
      expect(upstream.stub.hits.some((hit) => hit.method === 'POST')).toBe(true);
    } finally {
      setConsoleDatabase(db);
    }
    expect(await counter()).toBe(before + 1);
    // Kept, and written once the table takes writes again.
    await flushUnwritten();
    expect(await events()).toEqual([expect.objectContaining({ operation: 'key.create', target_id: KEY_ID })]);
  });
});

describe('sign-ins', () => {
  const signIn = (username: string, password: string) =>
    sessionRoute.POST(
      testRequest('/api/session', {
        method: 'POST',
        json: { username, password },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      }),
      routeContext({}),
    );

  it('records successes and failures; a name nobody has stays out of the log', async () => {
    await (await testUsers()).add('sally', 'editor', 'sally-password');
    expect((await signIn('sally', 'sally-password')).status).toBe(200);
    expect((await signIn('sally', 'wrong-password')).status).toBe(401);
    expect((await signIn('my-password-typed-as-name', 'x')).status).toBe(401);
    const rows = await events();
    expect(
      rows.map((row) => [row.actor, row.actor_role, row.operation, row.outcome, row.status, row.client_address]),
    ).toEqual([
      ['sally', 'editor', 'session.sign-in', 'success', 200, '198.51.100.7'],
      ['sally', 'editor', 'session.sign-in', 'failure', 401, '198.51.100.7'],
      ['(unknown user)', null, 'session.sign-in', 'failure', 401, '198.51.100.7'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/sally-password|wrong-password|my-password-typed-as-name/);
  });
});

describe('GET /api/audit and its CSV export', () => {
  beforeEach(async () => {
    for (const [actor, operation] of [
      ['ann', 'key.update'],
      ['bob', 'pipe.delete'],
      ['ann', 'pipe.delete'],
    ]) {
      await db.query(
        `insert into audit_events (actor, actor_role, operation, target_name, outcome, status, request_id) values ($1, 'admin', $2, $3, 'success', 200, 'r')`,
        [actor, operation, actor === 'bob' ? '=HYPERLINK("http://evil")' : 'Loader, "main"'],
      );
    }
  });

  it('is for admins only', async () => {
    expect((await call(auditRoute.GET, '/api/audit', {}, { role: 'editor' })).status).toBe(403);
    expect((await call(exportRoute.GET, '/api/audit/export', {}, { role: 'editor' })).status).toBe(403);
  });

  it('pages newest first with filters, and names a bad filter', async () => {
    const page = await readJson(
      await call(auditRoute.GET, '/api/audit?operation=pipe.delete&limit=1', {}, { role: 'admin' }),
    );
    expect(page).toMatchObject({ events: [{ actor: 'ann', operation: 'pipe.delete' }], next: expect.any(String) });
    const older = await readJson(
      await call(auditRoute.GET, `/api/audit?operation=pipe.delete&limit=1&before=${page.next}`, {}, { role: 'admin' }),
    );
    expect(older).toMatchObject({ events: [{ actor: 'bob' }], next: null });

    const bad = await call(
      auditRoute.GET,
      '/api/audit?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z&limit=9999',
      {},
      { role: 'admin' },
    );
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: expect.arrayContaining([
        { path: 'to', message: 'From must be before To' },
        { path: 'limit', message: 'Limit must be at most 200' },
      ]),
    });
  });

  it('exports what the filters match as CSV a spreadsheet will not execute', async () => {
    const response = await call(exportRoute.GET, '/api/audit/export?user=bob', {}, { role: 'admin' });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="sluice-audit-.*\.csv"$/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Time \(UTC\),User,Role,Signed in with,Operation,Operation id,/);
    expect(lines[1]).toContain(`,bob,admin,,Delete pipe,pipe.delete,,,"'=HYPERLINK(""http://evil"")",success,200,`);
  });

  it('quotes cells the way RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Loader, "main"')).toBe('"Loader, ""main"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });
});
