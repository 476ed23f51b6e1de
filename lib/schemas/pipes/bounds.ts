/** Bounds and enumerations of pipe fields, shared by the schemas and the form fields that show them. */

export const PIPE_KINDS = ['kafka', 'streamService', 'objectStorage', 'postgres'] as const;
export type PipeKind = (typeof PIPE_KINDS)[number];
export const PIPE_KIND_LABELS: Record<PipeKind, string> = {
  kafka: 'Kafka',
  streamService: 'Amazon Kinesis',
  objectStorage: 'Object storage',
  postgres: 'Postgres',
};
export const STREAMING_PIPE_KINDS = ['kafka', 'streamService'] as const satisfies readonly PipeKind[];
const SCALABLE_PIPE_KINDS = ['kafka', 'streamService', 'objectStorage'] as const satisfies readonly PipeKind[];

export interface NumberBounds {
  label: string;
  min?: number;
  max?: number;
  integer: boolean;
  /** Step for number inputs; present only where the schema enforces it (whole numbers). */
  step?: number;
  unit?: string;
  hint: string;
}

export interface PipeNumberBounds extends NumberBounds {
  appliesTo: readonly PipeKind[];
  deprecated?: boolean;
}

export const SCALING_BOUNDS = {
  replicaCpuMillicores: {
    label: 'CPU per replica',
    min: 125,
    max: 2000,
    integer: true,
    step: 1,
    unit: 'millicores',
    hint: '125 to 2000 millicores per replica',
    appliesTo: STREAMING_PIPE_KINDS,
  },
  replicaMemoryGb: {
    label: 'Memory per replica',
    min: 0.5,
    max: 8,
    integer: false,
    unit: 'GB',
    hint: '0.5 to 8 GB per replica',
    appliesTo: STREAMING_PIPE_KINDS,
  },
  // The published contract caps replicas at 40; the spec gave no bound.
  replicas: {
    label: 'Replicas',
    min: 1,
    max: 40,
    integer: true,
    step: 1,
    hint: '1 to 40 replicas',
    appliesTo: SCALABLE_PIPE_KINDS,
  },
  concurrency: {
    label: 'Concurrency',
    min: 0,
    integer: true,
    step: 1,
    hint: 'Deprecated; 0 adjusts automatically to the cluster memory',
    appliesTo: ['objectStorage'],
    deprecated: true,
  },
} as const satisfies Record<string, PipeNumberBounds>;
export type ScalingKey = keyof typeof SCALING_BOUNDS;
export const SCALING_KEYS = Object.keys(SCALING_BOUNDS) as ScalingKey[];

export type SettingBounds =
  | (PipeNumberBounds & { type: 'integer' })
  | { type: 'boolean'; label: string; hint: string; appliesTo: readonly PipeKind[] };

export const SETTINGS_BOUNDS = {
  engine_max_download_threads: {
    type: 'integer',
    label: 'Max download threads',
    min: 0,
    max: 32,
    integer: true,
    step: 1,
    hint: 'How many threads download source data at once; 0 lets the database choose.',
    appliesTo: PIPE_KINDS,
  },
  engine_max_insert_threads: {
    type: 'integer',
    label: 'Max insert threads',
    min: 0,
    max: 16,
    integer: true,
    step: 1,
    hint: 'How many threads write into the table at once; more can insert faster but writes more, smaller parts.',
    appliesTo: PIPE_KINDS,
  },
  engine_max_threads: {
    type: 'integer',
    label: 'Max threads',
    min: 0,
    max: 64,
    integer: true,
    step: 1,
    hint: 'How many threads process the incoming data at once; 0 lets the service choose (one per CPU core).',
    appliesTo: PIPE_KINDS,
  },
  engine_min_insert_block_size_bytes: {
    type: 'integer',
    label: 'Min insert block size',
    min: 0,
    max: 10737418240,
    integer: true,
    step: 1,
    unit: 'bytes',
    hint: 'Rows are gathered into blocks of at least this size before they are written: larger means fewer, bigger parts.',
    appliesTo: PIPE_KINDS,
  },
  engine_parallel_distributed_insert_select: {
    type: 'integer',
    label: 'Parallel distributed insert-select',
    min: 0,
    max: 2,
    integer: true,
    step: 1,
    hint: 'For distributed tables: 0 off, 1 reads on every shard in parallel, 2 reads and writes on every shard in parallel.',
    appliesTo: PIPE_KINDS,
  },
  engine_parallel_view_processing: {
    type: 'boolean',
    label: 'Parallel view processing',
    hint: 'Fills the materialized views on the table side by side instead of one after another: faster with several views, more memory.',
    appliesTo: PIPE_KINDS,
  },
  object_storage_concurrency: {
    type: 'integer',
    label: 'File processing concurrency',
    min: 1,
    max: 35,
    integer: true,
    step: 1,
    hint: 'How many files are read at the same time.',
    appliesTo: ['objectStorage'],
  },
  object_storage_max_file_count: {
    type: 'integer',
    label: 'Max files per batch',
    min: 1,
    max: 10000,
    integer: true,
    step: 1,
    hint: 'At most this many files go into one insert; fewer files per insert means smaller, more frequent inserts.',
    appliesTo: ['objectStorage'],
  },
  object_storage_max_insert_bytes: {
    type: 'integer',
    label: 'Max bytes per batch',
    min: 10485760,
    max: 53687091200,
    integer: true,
    step: 1,
    unit: 'bytes',
    hint: 'About this much data goes into one insert before it is written.',
    appliesTo: ['objectStorage'],
  },
  object_storage_polling_interval_ms: {
    type: 'integer',
    label: 'Polling interval',
    min: 100,
    max: 3600000,
    integer: true,
    step: 1,
    unit: 'ms',
    hint: 'How often the pipe looks for new files when it ingests continuously.',
    appliesTo: ['objectStorage'],
  },
  object_storage_use_cluster_function: {
    type: 'boolean',
    label: 'Use cluster function',
    hint: 'Spreads the reading of files over every replica of the service instead of one.',
    appliesTo: ['objectStorage'],
  },
  streaming_max_insert_wait_ms: {
    type: 'integer',
    label: 'Max insert wait',
    min: 500,
    max: 60000,
    integer: true,
    step: 1,
    unit: 'ms',
    hint: 'How long records are gathered before they are inserted: longer means fewer, bigger inserts; shorter means fresher data.',
    appliesTo: STREAMING_PIPE_KINDS,
  },
} as const satisfies Record<string, SettingBounds>;
export type SettingKey = keyof typeof SETTINGS_BOUNDS;
export const SETTING_KEYS = Object.keys(SETTINGS_BOUNDS) as SettingKey[];

export const appliesTo = (bounds: { appliesTo: readonly PipeKind[] }, kind: PipeKind) =>
  (bounds.appliesTo as readonly PipeKind[]).includes(kind);

export const POSTGRES_PORT_BOUNDS = {
  label: 'Port',
  min: 1,
  max: 65535,
  integer: true,
  step: 1,
  hint: '1 to 65535',
} as const satisfies NumberBounds;

export const POSTGRES_SETTINGS_BOUNDS = {
  initialLoadParallelism: {
    label: 'Initial load parallelism',
    min: 1,
    integer: true,
    step: 1,
    hint: 'Tables synced in parallel during the initial load',
  },
  pullBatchSize: { label: 'Pull batch size', min: 1, integer: true, step: 1, hint: 'Rows pulled per batch' },
  snapshotNumRowsPerPartition: {
    label: 'Snapshot rows per partition',
    min: 1,
    integer: true,
    step: 1,
    hint: 'Rows per snapshot partition',
  },
  snapshotNumberOfParallelTables: {
    label: 'Snapshot parallel tables',
    min: 1,
    integer: true,
    step: 1,
    hint: 'Tables snapshotted in parallel',
  },
  syncIntervalSeconds: {
    label: 'Sync interval',
    min: 1,
    integer: true,
    step: 1,
    unit: 'seconds',
    hint: 'Interval between syncs in seconds',
  },
} as const satisfies Record<string, NumberBounds>;

/** Unix seconds up to the year 9999; a millisecond value lands above it. */
export const STREAM_TIMESTAMP_BOUNDS = {
  label: 'Timestamp',
  min: 0,
  max: 253402300799,
  integer: true,
  step: 1,
  unit: 'seconds',
  hint: 'Unix time in seconds',
} as const satisfies NumberBounds;

export const PIPE_NAME_MAX_LENGTH = 255;

export const KAFKA_TYPES = ['kafka', 'vendor_2', 'vendor_3', 'vendor_4', 'vendor_5', 'vendor_6', 'vendor_7'] as const;
export type KafkaType = (typeof KAFKA_TYPES)[number];
/** Vendor names, in the order of the API values (the API values stay as the spec names them). */
export const KAFKA_TYPE_LABELS: Record<KafkaType, string> = {
  kafka: 'Apache Kafka',
  vendor_2: 'Redpanda',
  vendor_3: 'Amazon MSK',
  vendor_4: 'Confluent Cloud',
  vendor_5: 'WarpStream',
  vendor_6: 'Azure Event Hubs',
  vendor_7: 'DigitalOcean Kafka',
};

/** What may change on a Kafka pipe after creation; anything else means delete and recreate. */
export const kafkaEditableFields = [
  'authentication',
  'iamRole',
  'caCertificate',
  'reversePrivateEndpointIds',
  'credentials',
] as const;
export type KafkaEditableField = (typeof kafkaEditableFields)[number];

export const KAFKA_AUTH_METHODS = [
  'PLAIN',
  'SCRAM-SHA-256',
  'SCRAM-SHA-512',
  'IAM_ROLE',
  'IAM_USER',
  'MUTUAL_TLS',
] as const;
export type KafkaAuthMethod = (typeof KAFKA_AUTH_METHODS)[number];
export const AUTH_METHOD_LABELS = {
  PLAIN: 'PLAIN (user name and password)',
  'SCRAM-SHA-256': 'SCRAM-SHA-256',
  'SCRAM-SHA-512': 'SCRAM-SHA-512',
  IAM_ROLE: 'IAM role',
  IAM_USER: 'IAM user (access key)',
  MUTUAL_TLS: 'Mutual TLS (client certificate)',
  CONNECTION_STRING: 'Connection string',
} as const;

export const STREAM_AUTH_METHODS = ['IAM_ROLE', 'IAM_USER'] as const;
export type StreamAuthMethod = (typeof STREAM_AUTH_METHODS)[number];

export const OBJECT_STORAGE_AUTH_METHODS = ['IAM_ROLE', 'IAM_USER', 'CONNECTION_STRING'] as const;
export type ObjectStorageAuthMethod = (typeof OBJECT_STORAGE_AUTH_METHODS)[number];
/** Shown for an absent `authentication`: no credentials, a public bucket. */
export const PUBLIC_ACCESS_LABEL = 'None (public)';

export const STREAMING_FORMATS = ['JSONEachRow', 'Avro', 'AvroRegistry'] as const;
export type StreamingFormat = (typeof STREAMING_FORMATS)[number];
export const STREAMING_FORMAT_LABELS: Record<StreamingFormat, string> = {
  JSONEachRow: 'JSON (one object per row)',
  Avro: 'Avro',
  AvroRegistry: 'Avro with schema registry',
};

export const OBJECT_STORAGE_FORMATS = [
  'JSONEachRow',
  'JSONAsObject',
  'CSV',
  'CSVWithNames',
  'Parquet',
  'Avro',
] as const;
export type ObjectStorageFormat = (typeof OBJECT_STORAGE_FORMATS)[number];
export const OBJECT_STORAGE_FORMAT_LABELS: Record<ObjectStorageFormat, string> = {
  JSONEachRow: 'JSON (one object per row)',
  JSONAsObject: 'JSON (whole object)',
  CSV: 'CSV',
  CSVWithNames: 'CSV with header row',
  Parquet: 'Parquet',
  Avro: 'Avro',
};
export const CSV_FORMATS = ['CSV', 'CSVWithNames'] as const satisfies readonly ObjectStorageFormat[];

export const OBJECT_STORAGE_TYPES = ['objstore_1', 'objstore_2', 'objstore_3', 'objstore_4'] as const;
export type ObjectStorageType = (typeof OBJECT_STORAGE_TYPES)[number];
export const OBJECT_STORAGE_TYPE_LABELS: Record<ObjectStorageType, string> = {
  objstore_1: 'Amazon S3',
  objstore_2: 'Google Cloud Storage',
  objstore_3: 'DigitalOcean Spaces',
  objstore_4: 'Azure Blob Storage',
};
export const BLOB_CONTAINER_TYPE = 'objstore_4' satisfies ObjectStorageType;

export const COMPRESSIONS = ['gzip', 'gz', 'brotli', 'br', 'xz', 'LZMA', 'zstd', 'auto'] as const;
export type Compression = (typeof COMPRESSIONS)[number];
export const COMPRESSION_LABELS: Record<Compression, string> = {
  gzip: 'gzip',
  gz: 'gz',
  brotli: 'Brotli',
  br: 'br',
  xz: 'xz',
  LZMA: 'LZMA',
  zstd: 'Zstandard',
  auto: 'Detect automatically',
};

export const TABLE_ENGINES = ['MergeTree', 'ReplacingMergeTree', 'SummingMergeTree', 'Null'] as const;
export type TableEngine = (typeof TABLE_ENGINES)[number];
export const TABLE_ENGINE_LABELS: Record<TableEngine, string> = {
  MergeTree: 'MergeTree',
  ReplacingMergeTree: 'ReplacingMergeTree (keeps the latest version)',
  SummingMergeTree: 'SummingMergeTree (sums columns)',
  Null: 'Null (stores nothing)',
};
export const POSTGRES_TABLE_ENGINES = [
  'MergeTree',
  'ReplacingMergeTree',
  'Null',
] as const satisfies readonly TableEngine[];
export type PostgresTableEngine = (typeof POSTGRES_TABLE_ENGINES)[number];

export const REPLICATION_MODES = ['cdc', 'snapshot', 'cdc_only'] as const;
export type ReplicationMode = (typeof REPLICATION_MODES)[number];
export const REPLICATION_MODE_LABELS: Record<ReplicationMode, string> = {
  cdc: 'Initial snapshot, then change data capture',
  snapshot: 'Snapshot only (one-off)',
  cdc_only: 'Change data capture only (no snapshot)',
};

export const ITERATOR_TYPES = ['TRIM_HORIZON', 'LATEST', 'AT_TIMESTAMP'] as const;
export type IteratorType = (typeof ITERATOR_TYPES)[number];
export const ITERATOR_TYPE_LABELS: Record<IteratorType, string> = {
  TRIM_HORIZON: 'From the oldest record',
  LATEST: 'From the latest record',
  AT_TIMESTAMP: 'From a timestamp',
};

export const OFFSET_STRATEGIES = ['from_beginning', 'from_latest', 'from_timestamp'] as const;
export type OffsetStrategy = (typeof OFFSET_STRATEGIES)[number];
export const OFFSET_STRATEGY_LABELS: Record<OffsetStrategy, string> = {
  from_beginning: 'From the beginning',
  from_latest: 'From the latest message',
  from_timestamp: 'From a timestamp',
};

export const PIPE_STATES = [
  'Unknown',
  'Provisioning',
  'Running',
  'Stopping',
  'Stopped',
  'Failed',
  'Completed',
  'InternalError',
  'Setup',
  'Snapshot',
  'Paused',
  'Pausing',
  'Modifying',
  'Resync',
] as const;
export type PipeState = (typeof PIPE_STATES)[number];
/** States that change by themselves; a view showing one keeps polling. */
export const TRANSITIONAL_PIPE_STATES = [
  'Provisioning',
  'Setup',
  'Snapshot',
  'Stopping',
  'Pausing',
  'Modifying',
  'Resync',
] as const satisfies readonly PipeState[];
export const isTransitionalPipeState = (state: string) =>
  (TRANSITIONAL_PIPE_STATES as readonly string[]).includes(state);

export const PIPE_COMMANDS = ['start', 'stop', 'resync'] as const;
export type PipeCommand = (typeof PIPE_COMMANDS)[number];

/** "a, b or c" */
export const listOr = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
