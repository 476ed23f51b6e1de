import { describe, expect, it } from 'vitest';
import { SEEDED_PIPE_NAMES } from '../cloud/pipes/seed';
import { emulatorForFile } from './harness';
import { kafkaBody, pipeClient, postgresBody } from './pipe-fixtures';
import { queryClient } from './query-fixtures';

const STEP_MS = 40;
const t = emulatorForFile({ stepMs: STEP_MS });
const pipes = pipeClient(t, STEP_MS);
const q = queryClient(t);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Envelope = { status: number; error?: string; result: { id: string } };

const withDestination = (destination: Record<string, unknown>) =>
  kafkaBody(
    {},
    {
      destination: { database: 'default', table: 'events', managedTable: true, ...destination },
      fieldMappings: undefined,
    },
  );

async function seededPipe(name: string) {
  return (await pipes.seeded()).find((p) => p.name === name)!;
}

describe("the pipes' tables in the embedded engine", () => {
  it('creates the destination table as the pipe describes it, with its error table next to it', async () => {
    await q.allowConsoleKey('sql_console_read_only');
    const pipe = await pipes.create(
      withDestination({
        table: 'sales',
        columns: [
          { name: 'id', type: 'UInt64' },
          { name: 'version', type: 'UInt32' },
          { name: 'region', type: 'LowCardinality(String)' },
          { name: 'ts', type: 'DateTime64(3)' },
        ],
        tableDefinition: {
          engine: { type: 'ReplacingMergeTree', versionColumnId: 'version' },
          sortingKey: ['region', 'id'],
          partitionBy: 'toYYYYMM(ts)',
          primaryKey: null,
        },
      }),
    );
    expect(pipe.id).toEqual(expect.any(String));
    expect(
      await q.rows(
        "SELECT name, type FROM system.columns WHERE database = 'default' AND table = 'sales' ORDER BY position",
      ),
    ).toEqual([
      { name: 'id', type: 'UInt64' },
      { name: 'version', type: 'UInt32' },
      { name: 'region', type: 'LowCardinality(String)' },
      { name: 'ts', type: 'DateTime64(3)' },
    ]);
    const [table] = await q.rows<{ engine_full: string }>(
      "SELECT engine_full FROM system.tables WHERE database = 'default' AND name = 'sales'",
    );
    expect(table!.engine_full).toMatch(
      /^ReplacingMergeTree\(version\) PARTITION BY toYYYYMM\(ts\) ORDER BY \(region, id\)/,
    );
    expect(await q.rows('DESCRIBE TABLE sales_clickpipes_error')).toEqual([
      expect.objectContaining({ name: '_timestamp', type: 'DateTime64(3)' }),
      expect.objectContaining({ name: '_error', type: 'String' }),
      expect.objectContaining({ name: '_raw_message', type: 'String' }),
    ]);
  });

  it('refuses at creation a destination the engine refuses, with its message, and keeps no pipe', async () => {
    const before = (await pipes.seeded()).length;
    const res = await t.cloud<Envelope>('POST', pipes.pipes(), {
      body: withDestination({
        columns: [
          { name: 'id', type: 'UInt64' },
          { name: 'ts', type: 'DateTim' },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(
      /^BAD_REQUEST: Code: 50\. DB::Exception: Unknown data type family: DateTim\..*\(UNKNOWN_TYPE\)$/,
    );
    const partition = await t.cloud<Envelope>('POST', pipes.pipes(), {
      body: withDestination({
        columns: [{ name: 'id', type: 'UInt64' }],
        tableDefinition: { engine: { type: 'MergeTree' }, sortingKey: ['id'], partitionBy: 'no_such_column' },
      }),
    });
    expect(partition.status).toBe(400);
    expect(partition.body.error).toContain('DB::Exception');
    expect((await pipes.seeded()).length).toBe(before);
  });

  it('expects the table of a destination without a managed table to exist', async () => {
    const body = withDestination({ table: 'existing', managedTable: false, columns: [{ name: 'id', type: 'UInt64' }] });
    const missing = await t.cloud<Envelope>('POST', pipes.pipes(), { body });
    expect([missing.status, missing.body.error]).toEqual([
      400,
      'BAD_REQUEST: Code: 60. DB::Exception: Table default.existing does not exist. (UNKNOWN_TABLE)',
    ]);
    await q.allowConsoleKey('sql_console_admin');
    expect((await q.run('CREATE TABLE existing (id UInt64) ENGINE = MergeTree ORDER BY id')).status).toBe(200);
    expect((await t.cloud('POST', pipes.pipes(), { body })).status).toBe(200);
    expect(await q.count('existing_clickpipes_error')).toBe(0);
  });

  it('fills the destination as the pipe runs: count() grows as steps pass', async () => {
    await q.allowConsoleKey('sql_console_read_only');
    const pipe = await pipes.create(kafkaBody());
    await pipes.waitFor(pipe.id, 'Running');
    const first = await q.count('events');
    await sleep(STEP_MS * 4);
    const second = await q.count('events');
    await sleep(STEP_MS * 4);
    const third = await q.count('events');
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
    // Rows are generated, with recent times.
    const [latest] = await q.rows<{ age: number }>("SELECT dateDiff('second', max(ts), now()) AS age FROM events");
    expect(latest!.age).toBeLessThan(120);
    // A stopped pipe writes nothing more.
    await pipes.command(pipe.id, 'stop');
    await pipes.waitFor(pipe.id, 'Stopped');
    const stopped = await q.count('events');
    await sleep(STEP_MS * 4);
    expect(await q.count('events')).toBe(stopped);
  });

  it('starts the seeded pipes with rows, and gives an erroring pipe error rows with the raw invalid message', async () => {
    await q.allowConsoleKey('sql_console_read_only');
    expect(await q.count('orders')).toBeGreaterThan(0);
    const before = await q.count('clicks_clickpipes_error');
    expect(before).toBeGreaterThan(0);
    await sleep(STEP_MS * 6);
    expect(await q.count('clicks_clickpipes_error')).toBeGreaterThan(before);
    const rows = await q.rows<{ _error: string; _raw_message: string }>(
      'SELECT _error, _raw_message FROM clicks_clickpipes_error LIMIT 5',
    );
    for (const row of rows) {
      expect(row._error).toMatch(/^Code: \d+\. DB::Exception: /);
      expect(() => JSON.parse(row._raw_message)).toThrow();
    }
    // A pipe without errors has none.
    expect(await q.count('exports_clickpipes_error')).toBe(0);
  });

  it("writes a failed pipe's log to system.clickpipes_log, newest last; the seeded failed pipe has its entry", async () => {
    await q.allowConsoleKey('sql_console_read_only');
    const failed = await seededPipe(SEEDED_PIPE_NAMES.failed);
    const seeded = await q.rows('SELECT clickpipe_id, level, message FROM system.clickpipes_log ORDER BY event_time');
    expect(seeded).toEqual([
      { clickpipe_id: failed.id, level: 'error', message: expect.stringContaining('SASL authentication failed') },
    ]);

    const orders = await seededPipe(SEEDED_PIPE_NAMES.kafka);
    await t.control('POST', `/pipes/${orders.id}/fail`, { reason: 'Broker b-1 unreachable: connection refused' });
    await sleep(5);
    await t.control('POST', `/pipes/${orders.id}/recover`);
    const log = await q.rows<{ level: string; message: string }>(
      `SELECT level, message FROM system.clickpipes_log WHERE clickpipe_id = '${orders.id}' ORDER BY event_time`,
    );
    expect(log).toEqual([
      { level: 'error', message: 'Broker b-1 unreachable: connection refused' },
      { level: 'info', message: 'Pipe recovered; ingestion resumed' },
    ]);
    expect(await q.rows('DESCRIBE TABLE system.clickpipes_log')).toEqual([
      expect.objectContaining({ name: 'event_time', type: 'DateTime64(3)' }),
      expect.objectContaining({ name: 'clickpipe_id', type: 'String' }),
      expect.objectContaining({ name: 'level', type: 'String' }),
      expect.objectContaining({ name: 'message', type: 'String' }),
    ]);
  });

  it('gives database (CDC) pipes no tables', async () => {
    await q.allowConsoleKey('sql_console_read_only');
    const pipe = await pipes.create(postgresBody());
    await pipes.waitFor(pipe.id, 'Running');
    const databases = (await q.rows<{ name: string }>('SHOW DATABASES')).map((d) => d.name);
    expect(databases).not.toContain('app');
    expect(databases).not.toContain('billing');
  });

  it('leaves the tables of a deleted pipe, and drops a destination on request', async () => {
    await q.allowConsoleKey('sql_console_read_only');
    const pipe = await pipes.create(kafkaBody());
    expect((await t.cloud('DELETE', `${pipes.pipes()}/${pipe.id}`)).status).toBe(200);
    expect((await q.run('SELECT count() FROM events')).status).toBe(200);
    expect((await q.run('SELECT count() FROM events_clickpipes_error')).status).toBe(200);

    const orders = await seededPipe(SEEDED_PIPE_NAMES.kafka);
    const dropped = await t.control('POST', `/pipes/${orders.id}/drop-destination`);
    expect([dropped.status, dropped.body]).toEqual([200, { id: orders.id, dropped: 'default.orders' }]);
    const gone = await q.run('SELECT count() FROM orders');
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text).error.code).toBe('60');
    await sleep(STEP_MS * 3);
    expect((await q.run('SELECT count() FROM orders')).status).toBe(404);
    expect((await q.run('SELECT count() FROM orders_clickpipes_error')).status).toBe(200);

    const postgres = await seededPipe(SEEDED_PIPE_NAMES.postgres);
    expect((await t.control('POST', `/pipes/${postgres.id}/drop-destination`)).status).toBe(400);
    expect((await t.control('POST', '/pipes/00000000-0000-4000-8000-000000000000/drop-destination')).status).toBe(404);
  });

  it('brings the seeded tables back on reset', async () => {
    await q.allowConsoleKey('sql_console_admin');
    const orders = await seededPipe(SEEDED_PIPE_NAMES.kafka);
    await t.control('POST', `/pipes/${orders.id}/drop-destination`);
    await q.run('CREATE TABLE leftover (a UInt8) ENGINE = Memory');
    await t.control('POST', '/reset');
    await q.allowConsoleKey('sql_console_read_only');
    expect(await q.count('orders')).toBeGreaterThan(0);
    expect((await q.run('SELECT * FROM leftover')).status).toBe(404);
    expect(await q.count('system.clickpipes_log')).toBe(1);
  });
});
