import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import {
  kafkaBody,
  kinesisBody,
  objectStorageBody,
  pipeClient,
  postgresBody,
  SECRETS,
  type PipeRecord as Pipe,
} from './pipe-fixtures';

const STEP_MS = 20;
const t = emulatorForFile({ stepMs: STEP_MS });
type Envelope<T> = { status: number; result: T; error: string };
type Body = Record<string, unknown>;
const { pipes, create, get, command, waitFor, seeded } = pipeClient(t, STEP_MS);

describe('pipe updates', () => {
  it('lets a Kafka pipe change only authentication, iamRole, CA, reverse endpoints and credentials', async () => {
    const [kafka] = await seeded();
    const path = `${pipes()}/${kafka!.id}`;
    const ok = await t.cloud<Envelope<Pipe>>('PATCH', path, {
      body: {
        source: {
          kafka: {
            authentication: 'SCRAM-SHA-256',
            credentials: { username: 'n', password: 'kafka-secret' },
            reversePrivateEndpointIds: ['rpe-1'],
          },
        },
      },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.source.kafka).toMatchObject({
      authentication: 'SCRAM-SHA-256',
      reversePrivateEndpointIds: ['rpe-1'],
      topics: 'orders',
    });
    expect(ok.text).not.toContain('kafka-secret');
    const cases: [Body, string][] = [
      [
        { source: { kafka: { topics: 'other' } } },
        'source.kafka.topics cannot be changed on a Kafka pipe; delete and recreate the pipe',
      ],
      [{ name: 'renamed' }, 'name cannot be changed on a Kafka pipe; delete and recreate the pipe'],
      [{ fieldMappings: [] }, 'fieldMappings cannot be changed on a Kafka pipe; delete and recreate the pipe'],
      [
        { source: { kafka: { authentication: 'PLAIN' } } },
        'source.kafka.credentials must be {username, password} for authentication PLAIN',
      ],
      [
        { source: { kafka: { authentication: 'IAM_ROLE' } } },
        'source.kafka.authentication IAM_ROLE is not allowed for type kafka',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.cloud<Envelope<Pipe>>('PATCH', path, { body });
      expect([res.status, res.body.error]).toEqual([400, `BAD_REQUEST: ${message}`]);
    }
  });

  it('refuses edits of a running Postgres pipe until it is stopped', async () => {
    const postgres = (await seeded())[3]!;
    const path = `${pipes()}/${postgres.id}`;
    const body = {
      name: 'Billing (paused)',
      source: { postgres: { settings: { replicationMode: 'cdc', syncIntervalSeconds: 30 } } },
    };
    const refused = await t.cloud<Envelope<Pipe>>('PATCH', path, { body });
    expect([refused.status, refused.body.error]).toEqual([400, 'BAD_REQUEST: pipe must be paused to edit']);
    await command(postgres.id, 'stop');
    await waitFor(postgres.id, 'Stopped');
    const ok = await t.cloud<Envelope<Pipe>>('PATCH', path, { body });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.name).toBe('Billing (paused)');
    expect(ok.body.result.source.postgres!.settings).toEqual({ replicationMode: 'cdc', syncIntervalSeconds: 30 });
  });

  it('refuses settings of a running Postgres pipe until it is stopped', async () => {
    const postgres = (await seeded())[3]!;
    const path = `${pipes()}/${postgres.id}/settings`;
    const refused = await t.cloud<Envelope<Body>>('PUT', path, { body: { clickhouse_max_threads: 8 } });
    expect([refused.status, refused.body.error]).toEqual([400, 'BAD_REQUEST: pipe must be paused to edit']);
    await command(postgres.id, 'stop');
    await waitFor(postgres.id, 'Stopped');
    const ok = await t.cloud<Envelope<Body>>('PUT', path, { body: { clickhouse_max_threads: 8 } });
    expect([ok.status, ok.body.result]).toEqual([200, { clickhouse_max_threads: 8 }]);
  });

  it('updates destination columns of a Kinesis pipe together with complete field mappings', async () => {
    const kinesis = (await seeded())[1]!;
    const path = `${pipes()}/${kinesis.id}`;
    const columns = ['session_id', 'url', 'ts', 'ref'].map((name) => ({ name, type: 'String' }));
    const partial = await t.cloud<Envelope<Pipe>>('PATCH', path, { body: { destination: { columns } } });
    expect(partial.body.error).toBe('BAD_REQUEST: fieldMappings must map every destination column; missing: ref');
    const table = await t.cloud<Envelope<Pipe>>('PATCH', path, { body: { destination: { table: 'x' } } });
    expect(table.body.error).toBe(
      'BAD_REQUEST: destination.table cannot be updated; only destination.columns may change',
    );
    const fieldMappings = columns.map((c) => ({ sourceField: c.name, destinationField: c.name }));
    const ok = await t.cloud<Envelope<Pipe & { destination: Body }>>('PATCH', path, {
      body: { destination: { columns }, fieldMappings },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.destination.columns).toEqual(columns);
  });
});

describe('pipe scaling and settings', () => {
  it('scales streaming and object-store pipes within bounds, never Postgres pipes', async () => {
    const [kafka, , store, postgres] = await seeded();
    const scale = (id: string, body: Body) => t.cloud<Envelope<Pipe>>('PATCH', `${pipes()}/${id}/scaling`, { body });
    const ok = await scale(kafka!.id, { replicas: 3, replicaCpuMillicores: 2000, replicaMemoryGb: 0.5 });
    expect(ok.body.result.scaling).toEqual({ replicas: 3, replicaCpuMillicores: 2000, replicaMemoryGb: 0.5 });
    expect((await scale(store!.id, { concurrency: 4 })).body.result.scaling).toMatchObject({ concurrency: 4 });
    const cases: [string, Body, string][] = [
      [kafka!.id, { replicaCpuMillicores: 124 }, 'replicaCpuMillicores must be between 125 and 2000'],
      [kafka!.id, { replicaMemoryGb: 9 }, 'replicaMemoryGb must be between 0.5 and 8'],
      [kafka!.id, { concurrency: 1 }, 'concurrency is only supported for object storage pipes'],
      [store!.id, { replicaMemoryGb: 2 }, 'replicaMemoryGb is only supported for streaming pipes'],
      [kafka!.id, {}, 'replicas, concurrency, replicaCpuMillicores or replicaMemoryGb is required'],
      [postgres!.id, { replicas: 2 }, 'scaling of a Postgres pipe is set with clickpipesCdcScaling'],
    ];
    for (const [id, body, message] of cases) {
      const res = await scale(id, body);
      expect([res.status, res.body.error]).toEqual([400, `BAD_REQUEST: ${message}`]);
    }
  });

  it('reads and merges settings, checking every bound', async () => {
    const [kafka] = await seeded();
    const path = `${pipes()}/${kafka!.id}/settings`;
    expect((await t.cloud<Envelope<Body>>('GET', path)).body.result).toEqual({ streaming_max_insert_wait_ms: 5000 });
    const changes = { clickhouse_max_insert_threads: 16, clickhouse_parallel_view_processing: false };
    const put = await t.cloud<Envelope<Body>>('PUT', path, { body: changes });
    expect(put.body.result).toEqual({ streaming_max_insert_wait_ms: 5000, ...changes });
    const cases: [Body, string][] = [
      [{ streaming_max_insert_wait_ms: 499 }, 'streaming_max_insert_wait_ms must be an integer between 500 and 60000'],
      [
        { object_storage_polling_interval_ms: 3600001 },
        'object_storage_polling_interval_ms must be an integer between 100 and 3600000',
      ],
      [
        { clickhouse_parallel_distributed_insert_select: 1.5 },
        'clickhouse_parallel_distributed_insert_select must be an integer between 0 and 2',
      ],
      [{ threads: 1 }, 'threads is not a known setting'],
    ];
    for (const [body, message] of cases) {
      const res = await t.cloud<Envelope<Body>>('PUT', path, { body });
      expect([res.status, res.body.error]).toEqual([400, `BAD_REQUEST: ${message}`]);
    }
    expect((await get(kafka!.id)).settings).toEqual(put.body.result);
  });
});

describe('pipe access', () => {
  it('lets developer keys use pipes and refuses query_endpoints keys', async () => {
    const developer = await t.createKey({ name: 'dev', roles: ['developer'] });
    expect((await t.cloud('GET', pipes(), { auth: developer.pair })).status).toBe(200);
    const created = await t.cloud<Envelope<Pipe>>('POST', pipes(), { auth: developer.pair, body: kafkaBody() });
    expect(created.status).toBe(200);
    const reader = await t.createKey({ name: 'reader', roles: ['query_endpoints'] });
    for (const [method, path] of [
      ['GET', pipes()],
      ['POST', pipes()],
      ['PATCH', `${pipes()}/${created.body.result.id}/state`],
    ] as const) {
      const res = await t.cloud<Envelope<unknown>>(method, path, {
        auth: reader.pair,
        body: method === 'GET' ? undefined : { command: 'stop' },
      });
      expect([res.status, res.body.error]).toEqual([
        403,
        'FORBIDDEN: this operation requires an API key with the admin or developer role',
      ]);
    }
  });

  it('never returns secrets from any pipe read', async () => {
    await create(kafkaBody());
    await create(kinesisBody());
    await create(objectStorageBody());
    await create(postgresBody());
    const text = (await t.cloud('GET', pipes())).text;
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(credentials|accessKey|connectionString|roles)"/);
  });
});
