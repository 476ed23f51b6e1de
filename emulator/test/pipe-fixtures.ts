import type { emulatorForFile } from './harness';

/** Valid creation bodies, one per source kind, for the pipe tests to vary. */
type Body = Record<string, unknown>;

const COLUMNS = [
  { name: 'id', type: 'UInt64' },
  { name: 'ts', type: 'DateTime' },
];
const MAPPINGS = [
  { sourceField: 'id', destinationField: 'id' },
  { sourceField: 'ts', destinationField: 'ts' },
];
const destination = () => ({
  database: 'default',
  table: 'events',
  managedTable: true,
  columns: structuredClone(COLUMNS),
  roles: ['writer'],
});

export const kafkaBody = (kafka: Body = {}, rest: Body = {}): Body => ({
  name: 'events',
  source: {
    kafka: {
      type: 'kafka',
      authentication: 'PLAIN',
      brokers: 'broker-1:9092',
      topics: 'events',
      format: 'JSONEachRow',
      credentials: { username: 'u', password: 'kafka-secret' },
      ...kafka,
    },
  },
  destination: destination(),
  fieldMappings: structuredClone(MAPPINGS),
  ...rest,
});

export const kinesisBody = (stream: Body = {}, rest: Body = {}): Body => ({
  name: 'clicks',
  source: {
    kinesis: {
      authentication: 'IAM_USER',
      accessKey: { accessKeyId: 'AKIA', secretKey: 'kinesis-secret' },
      format: 'JSONEachRow',
      iteratorType: 'LATEST',
      region: 'us-east-1',
      streamName: 'clicks',
      ...stream,
    },
  },
  destination: destination(),
  fieldMappings: structuredClone(MAPPINGS),
  ...rest,
});

export const objectStorageBody = (store: Body = {}, rest: Body = {}): Body => ({
  name: 'files',
  source: {
    objectStorage: {
      type: 's3',
      url: 'https://bucket.example/data/*.json',
      format: 'JSONEachRow',
      authentication: 'IAM_USER',
      accessKey: { accessKeyId: 'AKIA', secretKey: 'store-secret' },
      isContinuous: true,
      ...store,
    },
  },
  destination: destination(),
  fieldMappings: structuredClone(MAPPINGS),
  ...rest,
});

export const azureBlobBody = (store: Body = {}): Body =>
  objectStorageBody({
    type: 'azureblobstorage',
    url: undefined,
    authentication: 'CONNECTION_STRING',
    accessKey: undefined,
    connectionString: 'DefaultEndpointsProtocol=https;AccountKey=blob-secret',
    azureContainerName: 'exports',
    path: 'daily/*.csv',
    ...store,
  });

export const postgresBody = (pg: Body = {}, rest: Body = {}): Body => ({
  name: 'replica',
  source: {
    postgres: {
      host: 'db.internal',
      port: 5432,
      database: 'app',
      credentials: { username: 'replicator', password: 'pg-secret' },
      settings: { replicationMode: 'cdc' },
      tableMappings: [{ sourceSchemaName: 'public', sourceTable: 'users', targetTable: 'users' }],
      ...pg,
    },
  },
  destination: { database: 'app' },
  ...rest,
});

/** Every secret the fixtures send; none may appear in any response. */
export const SECRETS = [
  'kafka-secret',
  'kinesis-secret',
  'store-secret',
  'blob-secret',
  'pg-secret',
  'registry-secret',
  'AKIA',
];

type Envelope<T> = { status: number; result: T; error: string };
export type PipeRecord = {
  id: string;
  name: string;
  state: string;
  serviceId: string;
  source: Record<string, Body | null>;
  scaling: Body;
  settings: Body;
};
type Api = ReturnType<typeof emulatorForFile>;

/** Pipe calls on the default service, and a bounded poll for a state (about 50 steps). */
export function pipeClient(t: Api, stepMs: number) {
  const pipes = () => `${t.service}/clickpipes`;
  const get = async (id: string) => (await t.cloud<Envelope<PipeRecord>>('GET', `${pipes()}/${id}`)).body.result;
  return {
    pipes,
    get,
    async create(body: Body) {
      const res = await t.cloud<Envelope<PipeRecord>>('POST', pipes(), { body });
      if (res.status !== 200) throw new Error(`creation failed: ${res.text}`);
      return res.body.result;
    },
    command: (id: string, cmd: string) =>
      t.cloud<Envelope<PipeRecord>>('PATCH', `${pipes()}/${id}/state`, { body: { command: cmd } }),
    seeded: async () => (await t.cloud<Envelope<PipeRecord[]>>('GET', pipes())).body.result,
    /**
     * Polls until the pipe is in `state`, then returns every state its latest run of steps went
     * through, as the emulator recorded them: the steps are a few ms apart, and on a loaded machine
     * a poll can miss one.
     */
    async waitFor(id: string, state: string): Promise<string[]> {
      let current = '';
      for (let i = 0; i < 250; i++) {
        current = (await get(id)).state;
        if (current === state) return [...(t.emulator.state.pipes.get(id)?.steps ?? [current])];
        await new Promise((r) => setTimeout(r, stepMs / 5));
      }
      throw new Error(`pipe ${id} never reached ${state}; it is ${current}`);
    },
  };
}
