import { seededUuid, type Rng } from '../../prng';
import { identityMappings } from './validate-target';
import { defaultScaling } from './validate-tuning';
import { newMeter, profileFor } from './meter';
import {
  CONSUMER_GROUP_PREFIX,
  type Pipe,
  type PipeLogEntry,
  type PipeProfile,
  type PipeSource,
  type PipeState,
  type Rec,
  type SourceKind,
  type StoredPipe,
} from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SEEDED_PIPE_NAMES = {
  kafka: 'Orders events',
  kinesis: 'Clickstream',
  objectStorage: 'Daily export backfill',
  postgres: 'Billing database replica',
  failed: 'Legacy audit log',
} as const;

const columns = (...names: [string, string][]) => names.map(([name, type]) => ({ name, type }));

function table(name: string, cols: { name: string; type: string }[], sortingKey: string[]): Rec {
  return {
    database: 'default',
    table: name,
    managedTable: true,
    columns: cols,
    tableDefinition: { engine: { type: 'MergeTree' }, partitionBy: null, primaryKey: null, sortingKey },
  };
}

interface Spec {
  name: string;
  kind: SourceKind;
  state: PipeState;
  created: number;
  source: (id: string) => Rec;
  destination: Rec;
  /** Counters at seeding time and how the pipe behaves from then on. */
  meter: { sentEvents: number; errors?: number; lastEventAgo?: number; profile?: Partial<PipeProfile> };
  /** Why a failed pipe stopped, as its log says; `ago` in ms before seeding. */
  failure?: { ago: number; message: string };
}

const ORDERS = columns(
  ['order_id', 'String'],
  ['customer_id', 'String'],
  ['amount', 'Float64'],
  ['ts', 'DateTime64(3)'],
);
const CLICKS = columns(['session_id', 'String'], ['url', 'String'], ['ts', 'DateTime64(3)']);
const EXPORTS = columns(['id', 'UInt64'], ['payload', 'String'], ['exported_at', 'DateTime']);
const AUDIT = columns(['event_id', 'String'], ['actor', 'String'], ['ts', 'DateTime']);

const kafka = (type: string, authentication: string, topics: string, id: string): Rec => ({
  type,
  authentication,
  brokers: 'b-1.events.internal:9096,b-2.events.internal:9096',
  topics,
  format: 'JSONEachRow',
  consumerGroup: `${CONSUMER_GROUP_PREFIX}${id}`,
  caCertificate: null,
  iamRole: null,
  offset: { strategy: 'from_latest', timestamp: null },
  reversePrivateEndpointIds: [],
  schemaRegistry: null,
});

const SPECS: readonly Spec[] = [
  {
    name: SEEDED_PIPE_NAMES.kafka,
    kind: 'kafka',
    state: 'Running',
    created: -40 * DAY,
    source: (id) => kafka('kafka', 'SCRAM-SHA-512', 'orders', id),
    destination: table('orders', ORDERS, ['ts']),
    meter: { sentEvents: 2_764_118_903, errors: 12 },
  },
  {
    name: SEEDED_PIPE_NAMES.kinesis,
    kind: 'kinesis',
    state: 'Running',
    created: -25 * DAY,
    source: () => ({
      authentication: 'IAM_ROLE',
      format: 'JSONEachRow',
      iamRole: 'arn:aws:iam::123456789012:role/clickpipes-clickstream',
      iteratorType: 'LATEST',
      timestamp: null,
      region: 'us-east-1',
      streamName: 'clickstream',
      useEnhancedFanOut: false,
    }),
    destination: table('clicks', CLICKS, ['ts']),
    // A pipe that runs but sends a share of its records to the error table (a schema mismatch).
    meter: { sentEvents: 1_904_553_120, errors: 48_211, profile: { errorRatio: 0.004 } },
  },
  {
    name: SEEDED_PIPE_NAMES.objectStorage,
    kind: 'objectStorage',
    state: 'Completed',
    created: -10 * DAY,
    source: () => ({
      type: 's3',
      url: 'https://exports.example-bucket.internal/daily/*.json.gz',
      azureContainerName: null,
      path: null,
      format: 'JSONEachRow',
      compression: 'gzip',
      delimiter: null,
      authentication: 'IAM_ROLE',
      iamRole: 'arn:aws:iam::123456789012:role/clickpipes-exports',
      isContinuous: false,
      queueUrl: null,
    }),
    destination: table('exports', EXPORTS, ['id']),
    meter: { sentEvents: 18_250_000, lastEventAgo: 9 * DAY },
  },
  {
    name: SEEDED_PIPE_NAMES.postgres,
    kind: 'postgres',
    state: 'Running',
    created: -60 * DAY,
    source: () => ({
      host: 'billing-db.internal',
      port: 5432,
      database: 'billing',
      settings: { replicationMode: 'cdc', syncIntervalSeconds: 60 },
      tableMappings: [
        {
          sourceSchemaName: 'public',
          sourceTable: 'invoices',
          targetTable: 'billing_invoices',
          tableEngine: 'ReplacingMergeTree',
          useCustomSortingKey: false,
          sortingKeys: [],
          excludedColumns: [],
        },
        {
          sourceSchemaName: 'public',
          sourceTable: 'payments',
          targetTable: 'billing_payments',
          tableEngine: 'ReplacingMergeTree',
          useCustomSortingKey: false,
          sortingKeys: [],
          excludedColumns: ['card_token'],
        },
      ],
    }),
    destination: { database: 'billing' },
    meter: { sentEvents: 931_442_870, errors: 3 },
  },
  {
    name: SEEDED_PIPE_NAMES.failed,
    kind: 'kafka',
    state: 'Failed',
    created: -90 * DAY,
    source: (id) => kafka('confluent', 'PLAIN', 'audit-log', id),
    destination: table('audit_log', AUDIT, ['ts']),
    meter: { sentEvents: 88_406_112, errors: 1_843, lastEventAgo: 2 * HOUR },
    failure: {
      ago: 2 * HOUR,
      message: 'SASL authentication failed for broker b-1.events.internal:9096: invalid username or password',
    },
  },
];

/** The Staging service's pipes: a smaller copy of Production's streaming and database pipes. */
const STAGING_SPECS: readonly Spec[] = [
  {
    name: 'Orders events (staging)',
    kind: 'kafka',
    state: 'Running',
    created: -20 * DAY,
    source: (id) => kafka('kafka', 'SCRAM-SHA-512', 'orders-staging', id),
    // Tables of their own: the emulator's one query engine holds every service's tables.
    destination: table('orders_staging', ORDERS, ['ts']),
    meter: { sentEvents: 41_206_331, errors: 2, profile: { eventsPerSecond: 40 } },
  },
  {
    ...SPECS[3]!,
    name: 'Billing database replica (staging)',
    created: -15 * DAY,
    meter: { sentEvents: 12_880_410, profile: { eventsPerSecond: 15 } },
  },
];

/** The stopped Development service's one pipe: stopped with its service. */
const DEVELOPMENT_SPECS: readonly Spec[] = [
  {
    name: 'Clickstream sample',
    kind: 'kafka',
    state: 'Stopped',
    created: -5 * DAY,
    source: (id) => kafka('kafka', 'PLAIN', 'clicks-dev', id),
    destination: table('clicks_development', CLICKS, ['ts']),
    meter: { sentEvents: 250_000, lastEventAgo: 3 * DAY },
  },
];

/** Which seeded pipes a service gets. */
export type PipeSeed = 'production' | 'staging' | 'development';
const SPECS_BY_SEED: Record<PipeSeed, readonly Spec[]> = {
  production: SPECS,
  staging: STAGING_SPECS,
  development: DEVELOPMENT_SPECS,
};

/**
 * Pipes of a seeded service; the default (Production) one has one per source kind in a settled
 * state, and a failed one. No timers run for them.
 */
export function seedPipes(
  rng: Rng,
  serviceId: string,
  at: (offset: number) => string,
  seed: PipeSeed = 'production',
): Map<string, StoredPipe> {
  const pipes = new Map<string, StoredPipe>();
  for (const spec of SPECS_BY_SEED[seed]) {
    const stored = storedPipe(rng, serviceId, spec, at);
    pipes.set(stored.record.id, stored);
  }
  return pipes;
}

/** A running Kafka pipe numbered `n`, for growing the organization to a benchmark's size. */
export function extraPipe(rng: Rng, serviceId: string, n: number, at: (offset: number) => string): StoredPipe {
  return storedPipe(
    rng,
    serviceId,
    {
      name: `Events ${n}`,
      kind: 'kafka',
      state: 'Running',
      created: -DAY,
      source: (id) => kafka('kafka', 'SCRAM-SHA-512', `events-${n}`, id),
      destination: table(`events_${n}`, ORDERS, ['ts']),
      meter: { sentEvents: 1_000_000 + n * 1000 },
    },
    at,
  );
}

function storedPipe(rng: Rng, serviceId: string, spec: Spec, at: (offset: number) => string): StoredPipe {
  const id = seededUuid(rng);
  const source: PipeSource = { kafka: null, kinesis: null, objectStorage: null, postgres: null };
  source[spec.kind] = spec.source(id);
  const cols = spec.destination.columns as { name: string }[] | undefined;
  const record: Pipe = {
    id,
    name: spec.name,
    serviceId,
    state: spec.state,
    createdAt: at(spec.created),
    updatedAt: at(spec.created + DAY),
    destination: structuredClone(spec.destination),
    fieldMappings: cols ? identityMappings(cols) : [],
    scaling: defaultScaling(spec.kind),
    settings: spec.kind === 'kafka' ? { streaming_max_insert_wait_ms: 5000 } : {},
    source,
  };
  const now = Date.now();
  const { sentEvents, errors, lastEventAgo, profile } = spec.meter;
  const lastEventAt = lastEventAgo === undefined ? now : now - lastEventAgo;
  const log: PipeLogEntry[] = spec.failure
    ? [{ at: at(-spec.failure.ago), level: 'error', message: spec.failure.message }]
    : [];
  return {
    record,
    epoch: 0,
    meter: newMeter(profileFor(record, profile), now, { sentEvents, errors, lastEventAt }),
    log,
  };
}
