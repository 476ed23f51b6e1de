import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import { queryClient } from './query-fixtures';

const t = emulatorForFile({ stepMs: 50 });
const q = queryClient(t);
const NDJSON = 'application/x-ndjson; charset=UTF-8';

/** The seeded Staging service, idled the way the cloud idles it after a quiet spell. */
async function idleServiceId(): Promise<string> {
  const services = await t.cloud<{ result: { id: string; name: string }[] }>('GET', `${t.org}/services`);
  const staging = services.body.result.find((s) => s.name === 'Staging')!.id;
  await t.control('POST', `/services/${staging}/state`, { state: 'idle' });
  return staging;
}

describe('the query host (POST /service/{id}/run)', () => {
  it('answers the rows of a destination table as JSONEachRow, one object a line', async () => {
    await q.allowConsoleKey('sql_console_read_only');
    const res = await q.run('SELECT order_id, amount, ts FROM orders ORDER BY ts DESC LIMIT 3');
    expect([res.status, res.contentType]).toEqual([200, NDJSON]);
    const lines = res.text.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((line) => Object.keys(JSON.parse(line) as object))).toEqual([
      ['order_id', 'amount', 'ts'],
      ['order_id', 'amount', 'ts'],
      ['order_id', 'amount', 'ts'],
    ]);
  });

  it('answers an empty body for no rows, and the database of the body', async () => {
    await q.allowConsoleKey('sql_console_read_only');
    const empty = await q.run('SELECT * FROM orders WHERE 0');
    expect([empty.status, empty.text]).toEqual([200, '']);
    expect(await q.rows('SELECT currentDatabase() AS db', { database: 'system' })).toEqual([{ db: 'system' }]);
    expect(await q.rows('SELECT currentDatabase() AS db')).toEqual([{ db: 'default' }]);
  });

  it('answers other formats in their content type, TabSeparated without one', async () => {
    await q.allowConsoleKey();
    const csv = await q.run("SELECT 1 AS a, 'x' AS b", { format: 'CSVWithNames' });
    expect([csv.status, csv.contentType, csv.text]).toEqual([
      200,
      'text/csv; charset=UTF-8; header=absent',
      '"a","b"\n1,"x"\n',
    ]);
    const tsv = await q.run('SELECT 1 AS a', { format: null });
    expect([tsv.status, tsv.contentType, tsv.text]).toEqual([200, 'text/tab-separated-values; charset=UTF-8', '1\n']);
  });

  it('answers 401 in plain text for a wrong secret, an unknown key or no credentials', async () => {
    await q.allowConsoleKey();
    for (const auth of [[t.emulator.cloudKeyId, 'wrong'], ['nobody', 'x'], null] as const) {
      const res = await q.run('SELECT 1', { auth });
      expect([res.status, res.contentType, res.text]).toEqual([
        401,
        'text/plain; charset=utf-8',
        'Invalid credentials',
      ]);
    }
  });

  it('answers 403 in plain text without an endpoint, or for a key the endpoint does not list', async () => {
    const none = await q.run('SELECT 1');
    expect([none.status, none.contentType, none.text]).toEqual([
      403,
      'text/plain; charset=utf-8',
      'The API key is not authorized to query this service',
    ]);
    const other = await t.createKey({ name: 'other', roles: ['admin'] });
    await q.configure({ roles: ['sql_console_admin'], openApiKeys: [other.id] });
    expect((await q.run('SELECT 1')).status).toBe(403);
    expect((await q.run('SELECT 1', { auth: other.pair })).status).toBe(200);
  });

  it('answers 400 in plain text without the query host headers or a run body', async () => {
    await q.allowConsoleKey();
    for (const header of ['auth-provider', 'x-service-type']) {
      const res = await q.run('SELECT 1', { headers: { [header]: 'other' } });
      expect([res.status, res.contentType]).toEqual([400, 'text/plain; charset=utf-8']);
      expect(res.text).toContain(header);
    }
    expect((await q.run('', { rawBody: '{"runId":"r"}' })).text).toBe('sql is required');
    expect((await q.run('', { rawBody: '{"sql":"SELECT 1"}' })).text).toBe('runId is required');
    expect((await q.run('', { rawBody: 'not json' })).status).toBe(400);
  });

  it('refuses a write with only sql_console_read_only, as ClickHouse refuses it in readonly mode', async () => {
    await q.allowConsoleKey('sql_console_read_only');
    for (const sql of [
      "INSERT INTO orders (order_id) VALUES ('x')",
      'DROP TABLE orders',
      'CREATE TABLE t (a UInt8) ENGINE = Memory',
    ]) {
      const res = await q.run(sql);
      expect([res.status, res.contentType]).toEqual([500, 'application/json; charset=utf-8']);
      expect(JSON.parse(res.text)).toEqual({
        error: {
          code: '164',
          details: expect.stringMatching(/^Code: 164\. DB::Exception: .*readonly mode.*\(READONLY\)$/),
        },
      });
    }
    expect(await q.count('orders')).toBeGreaterThan(0);
  });

  it('runs writes with sql_console_admin', async () => {
    await q.allowConsoleKey('sql_console_admin');
    expect((await q.run('CREATE TABLE scratch (a UInt8) ENGINE = MergeTree ORDER BY a')).status).toBe(200);
    expect((await q.run('INSERT INTO scratch VALUES (7)')).status).toBe(200);
    expect(await q.rows('SELECT a FROM scratch')).toEqual([{ a: 7 }]);
  });

  it('answers a statement ClickHouse refuses with its status and `{error: {code, details}}`', async () => {
    await q.allowConsoleKey();
    const syntax = await q.run('SELEC 1');
    expect(syntax.status).toBe(400);
    expect(JSON.parse(syntax.text)).toEqual({
      error: {
        code: '62',
        details: expect.stringMatching(/^Code: 62\. DB::Exception: Syntax error.*\(SYNTAX_ERROR\)$/),
      },
    });
    const unknown = await q.run('SELECT * FROM no_such_table');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toEqual({
      error: { code: '60', details: expect.stringContaining('(UNKNOWN_TABLE)') },
    });
  });

  it('asks to confirm waking an idle service, and wakes it with wake-service: true', async () => {
    const idle = await idleServiceId();
    await q.allowConsoleKey('sql_console_read_only', idle);
    const asked = await q.run('SELECT 1 AS one', { serviceId: idle });
    expect([asked.status, asked.contentType, JSON.parse(asked.text)]).toEqual([
      206,
      'application/json; charset=utf-8',
      { data: 'Confirm wake service' },
    ]);
    const woken = await q.run('SELECT 1 AS one', { serviceId: idle, headers: { 'wake-service': 'true' } });
    expect([woken.status, woken.text]).toEqual([200, '{"one":1}\n']);
    const service = await t.cloud<{ result: { state: string } }>('GET', `${t.org}/services/${idle}`);
    expect(service.body.result.state).toBe('running');
  });

  it('answers 206 "Service is stopped" for a stopped service, even with wake-service', async () => {
    await q.allowConsoleKey();
    const set = await t.control('POST', `/services/${t.emulator.serviceId}/state`, { state: 'stopped' });
    expect([set.status, set.body]).toEqual([200, { id: t.emulator.serviceId, state: 'stopped' }]);
    for (const headers of [{}, { 'wake-service': 'true' }] as Record<string, string>[]) {
      const res = await q.run('SELECT 1', { headers });
      expect([res.status, JSON.parse(res.text)]).toEqual([206, { data: 'Service is stopped' }]);
    }
    await t.control('POST', `/services/${t.emulator.serviceId}/state`, { state: 'idle' });
    expect((await q.run('SELECT 1')).status).toBe(206);
    await t.control('POST', `/services/${t.emulator.serviceId}/state`, { state: 'running' });
    expect((await q.run('SELECT 1')).status).toBe(200);
  });

  it('refuses a service state that is not running, idle or stopped, and an unknown service', async () => {
    for (const body of [{ state: 'starting' }, { state: 'Running' }, {}, undefined]) {
      const res = await t.control<{ message: string }>('POST', `/services/${t.emulator.serviceId}/state`, body);
      expect([res.status, res.body.message]).toEqual([
        400,
        'Invalid service state: state must be one of running, idle, stopped',
      ]);
    }
    expect(
      (await t.control('POST', '/services/00000000-0000-4000-8000-000000000000/state', { state: 'idle' })).status,
    ).toBe(404);
  });
});
